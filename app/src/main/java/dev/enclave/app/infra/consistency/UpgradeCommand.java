package dev.enclave.app.infra.consistency;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.function.BiFunction;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What an operator's upgrade command shares with the checker: its command line, a client with the default
 * credentials chain, and its exit statuses (usage or a fault: {@link ConsistencyCheck#FAULT}).
 */
final class UpgradeCommand {

    /** What a step came to: a line for the operator, and the exit status. */
    record Result(String summary, int status) {
    }

    private UpgradeCommand() {
    }

    /** Runs {@code step} on the table the command line names, as the command {@code name}. */
    static int run(String name, String[] args, PrintStream out, PrintStream err,
                   BiFunction<DynamoDbClient, String, Result> step) {
        CommandLine command = CommandLine.parse(Arrays.asList(args));
        if (!(command instanceof CommandLine.Check target)) {
            err.println(command instanceof CommandLine.Refused refused ? refused.problem() : "");
            err.println(CommandLine.USAGE.replace("ConsistencyCheck", name));
            return command instanceof CommandLine.Help ? ConsistencyCheck.CLEAN : ConsistencyCheck.FAULT;
        }
        try (DynamoDbClient dynamoDb = ConsistencyCheck.client(target)) {
            Result result = step.apply(dynamoDb, target.table());
            out.println(result.summary());
            return result.status();
        } catch (SdkException fault) {
            err.println(name + " stopped: " + fault.getClass().getSimpleName() + ": " + fault.getMessage());
            return ConsistencyCheck.FAULT;
        }
    }
}
