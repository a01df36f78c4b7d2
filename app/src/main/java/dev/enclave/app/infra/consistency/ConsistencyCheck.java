package dev.enclave.app.infra.consistency;

import java.io.PrintStream;
import java.util.Arrays;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The consistency checker's command: reads the whole table with the application's own credentials (the default AWS
 * credentials chain), read-only, and reports every broken invariant ({@link ViolationKind}). Exit status 0 when
 * there is none, 1 when there are violations, 2 for a usage error or a fault (the table unreadable).
 *
 * <pre>java -cp enclave-app.jar dev.enclave.app.infra.consistency.ConsistencyCheck --table enclave</pre>
 */
public final class ConsistencyCheck {

    public static final int CLEAN = 0;
    public static final int VIOLATIONS = 1;
    public static final int FAULT = 2;

    private ConsistencyCheck() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; answers its exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine command = CommandLine.parse(Arrays.asList(args));
        if (command instanceof CommandLine.Help) {
            out.println(CommandLine.USAGE);
            return CLEAN;
        }
        if (command instanceof CommandLine.Refused refused) {
            err.println(refused.problem());
            err.println(CommandLine.USAGE);
            return FAULT;
        }
        CommandLine.Check check = (CommandLine.Check) command;
        try (DynamoDbClient dynamoDb = client(check)) {
            return check(dynamoDb, check.table(), out);
        } catch (SdkException fault) {
            err.println("consistency check stopped: " + fault.getClass().getSimpleName() + ": " + fault.getMessage());
            return FAULT;
        }
    }

    /** Checks {@code table} through {@code dynamoDb}, prints the report to {@code out}; answers the exit status. */
    public static int check(DynamoDbClient dynamoDb, String table, PrintStream out) {
        TableWalk walk = new TableWalk(dynamoDb, table);
        Findings findings = Invariants.check(walk.items());
        ConsistencyReport.print(table, walk.pages(), findings, out);
        return findings.clean() ? CLEAN : VIOLATIONS;
    }

    static DynamoDbClient client(CommandLine.Check check) {
        DynamoDbClientBuilder builder = DynamoDbClient.builder().httpClient(ApacheHttpClient.create());
        check.endpoint().ifPresent(builder::endpointOverride);
        check.region().map(Region::of).ifPresent(builder::region);
        return builder.build();
    }
}
