package dev.enclave.app.infra.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConsistencyCheckTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void run_withoutATable_isAUsageErrorWithStatusTwo_andReadsNothing() {
        assertThat(run()).isEqualTo(ConsistencyCheck.FAULT);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("--table is required\nusage: ");
        assertThat(out.size()).isZero();
    }

    @Test
    void run_withAnUnknownOptionOrAMissingValue_isAUsageErrorWithStatusTwo() {
        assertThat(run("--table", "enclave", "--scan-segments", "4")).isEqualTo(ConsistencyCheck.FAULT);
        assertThat(run("--table")).isEqualTo(ConsistencyCheck.FAULT);
        assertThat(run("--table", "enclave", "--endpoint", "not a url")).isEqualTo(ConsistencyCheck.FAULT);
        assertThat(run("--table", "enclave", "--endpoint", "localhost")).isEqualTo(ConsistencyCheck.FAULT);
    }

    @Test
    void run_withHelp_printsTheUsageWithStatusZero() {
        assertThat(run("--help")).isEqualTo(ConsistencyCheck.CLEAN);
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("usage: java -cp enclave-app.jar ");
    }

    @Test
    void parse_ofEveryOption_namesTheTableEndpointAndRegion() {
        assertThat(CommandLine.parse(List.of("--region", "eu-west-1", "--table", "enclave", "--endpoint",
                "http://127.0.0.1:4566"))).isEqualTo(new CommandLine.Check("enclave",
                Optional.of(URI.create("http://127.0.0.1:4566")), Optional.of("eu-west-1")));
    }

    private int run(String... args) {
        return ConsistencyCheck.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }
}
