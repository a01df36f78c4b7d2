package dev.enclave.iam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PolicyCliTest {

    private static final String TABLE = "arn:aws:dynamodb:eu-west-1:123456789012:table/enclave";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PolicyCli cli = new PolicyCli(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    @Test
    void sessionPolicy_printsThePolicyAndItsHeadroom() throws Exception {
        int exit = cli.run("session-policy", "--tenant", "acme", "--table-arn", TABLE, "--read-only");

        assertThat(exit).isZero();
        var policy = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertThat(policy.at("/Statement/Condition/ForAllValues:StringLike/dynamodb:LeadingKeys").asText())
                .isEqualTo("TENANT#acme#*");
        assertThat(err.toString(StandardCharsets.UTF_8)).matches("(?s)size: \\d+ of 2048 characters \\(\\d+ to spare\\).*");
    }

    @Test
    void dataPolicy_printsTheDataNamespacePolicyWithTheIndexKeyDeny() throws Exception {
        int exit = cli.run("data-policy", "--tenant", "acme", "--incarnation", "k3j9", "--table-arn", TABLE);

        assertThat(exit).isZero();
        var policy = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertThat(policy.at("/Statement/0/Condition/ForAllValues:StringLike/dynamodb:LeadingKeys").asText())
                .isEqualTo("TENANT#acme#DATA#k3j9#*");
        assertThat(policy.at("/Statement/1/Effect").asText()).isEqualTo("Deny");
    }

    @Test
    void dataPolicy_withWildcardIncarnation_exitsNonZero() {
        assertThat(cli.run("data-policy", "--tenant", "acme", "--incarnation", "*", "--table-arn", TABLE))
                .isEqualTo(PolicyCli.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("not an incarnation");
    }

    @Test
    void sessionPolicy_withWildcardTenant_exitsNonZeroWithAClearMessage() {
        int exit = cli.run("session-policy", "--tenant", "ac*me", "--table-arn", TABLE);

        assertThat(exit).isEqualTo(PolicyCli.USAGE);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("invalid tenant id 'ac*me'");
    }

    @Test
    void sessionPolicy_withoutTableArn_exitsNonZero() {
        assertThat(cli.run("session-policy", "--tenant", "acme")).isEqualTo(PolicyCli.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("missing --table-arn");
    }

    @Test
    void unknownCommand_exitsNonZero() {
        assertThat(cli.run("drop-table")).isEqualTo(PolicyCli.USAGE);
    }
}
