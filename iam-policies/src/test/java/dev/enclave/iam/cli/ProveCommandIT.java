package dev.enclave.iam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code prove}: P1–P7 for the policies as rendered, decided by Z3 and confirmed by OSTRICH, in under a minute; and
 * for any given document, with counterexamples.
 */
class ProveCommandIT {

    private static final String TABLE = "arn:aws:dynamodb:eu-west-1:123456789012:table/enclave";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PolicyCli cli = new PolicyCli(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    @TempDir
    Path files;

    @Test
    void prove_thePoliciesAsRendered_everyPropertyHolds_inUnderTwoMinutes() {
        long start = System.nanoTime();
        int exit = cli.run("prove");
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        String report = out.toString(StandardCharsets.UTF_8);
        System.out.println(report.lines().filter(l -> !l.startsWith("HOLDS P7") && !l.contains("is allowed  ["))
                .reduce("", (a, b) -> a + b + "\n"));
        System.out.println("isolation proof: " + took.toMillis() + " ms");
        assertThat(exit).as(report).isZero();
        assertThat(report).doesNotContain("FAILS");
        for (String property : List.of("P1", "P2", "P3", "P4", "P5", "P6", "P7", "lemma")) {
            assertThat(report).contains("HOLDS " + property + " ");
        }
        assertThat(report).contains("HOLDS P1  S(t) read-write", "HOLDS P1  D(t, i) read-write",
                "HOLDS P2  S(acme) read-write vs S(acme-2) read-write", "HOLDS P3  D(t, i) read-write",
                "HOLDS P6  D(t, i) read-write within S(t) read-write", "HOLDS P1  ABAC(tag t) read-write");
        assertThat(took).isLessThan(Duration.ofMinutes(2));
    }

    @Test
    void prove_theRenderedDataPolicyGivenAsAFile_holds() throws IOException {
        assertThat(cli.run("data-policy", "--tenant", "acme", "--incarnation", "k3j9", "--table-arn", TABLE))
                .isZero();
        Path policy = Files.writeString(files.resolve("data.json"), out.toString(StandardCharsets.UTF_8));
        out.reset();

        int exit = cli.run("prove", "--policy", policy.toString(), "--kind", "data", "--tenant", "acme",
                "--incarnation", "k3j9", "--table-arn", TABLE);

        assertThat(exit).as(out.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("HOLDS P3", "HOLDS P6").doesNotContain("FAILS");
    }

    @Test
    void prove_aSessionPolicyWithoutTheTrailingSeparator_failsWithACounterexample() throws IOException {
        assertThat(cli.run("session-policy", "--tenant", "acme", "--table-arn", TABLE)).isZero();
        Path policy = Files.writeString(files.resolve("session.json"),
                out.toString(StandardCharsets.UTF_8).replace("TENANT#acme#*", "TENANT#acme*"));
        out.reset();

        int exit = cli.run("prove", "--policy", policy.toString(), "--kind", "session", "--tenant", "acme",
                "--table-arn", TABLE);

        String report = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).isEqualTo(Proving.FAILED);
        assertThat(report).contains("FAILS P1", "counterexample to P1", "\"claim\":\"ALLOW\"");
    }

    @Test
    void prove_aDocumentWithNotAction_isRefusedLoudly() throws IOException {
        Path policy = Files.writeString(files.resolve("not-action.json"), "{\"Version\":\"2012-10-17\","
                + "\"Statement\":{\"Effect\":\"Allow\",\"NotAction\":\"dynamodb:Scan\",\"Resource\":\"*\"}}");

        int exit = cli.run("prove", "--policy", policy.toString(), "--kind", "session", "--tenant", "acme",
                "--table-arn", TABLE);

        assertThat(exit).isEqualTo(Proving.FAILED);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("not encodable, refused: statement field NotAction");
    }
}
