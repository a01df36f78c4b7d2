package dev.enclave.bench.chaos;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the operators' consistency checker ({@code dev.enclave.app.infra.consistency.ConsistencyCheck}, from the production
 * jar) against the running local stack, through the DynamoDB gateway and with the application principal the local
 * run logs at start, exactly as the README tells an operator to.
 */
final class OfflineConsistencyCheck {

    private static final Pattern GATEWAY = Pattern.compile("local DynamoDB gateway at (\\S+) \\(the application "
            + "principal's access key: ([^,]+), region ([^)]+)\\)");

    /** The checker's exit status (0 clean, 1 violations, 2 fault), its violation lines and its summary. */
    record Outcome(int exitStatus, List<String> violations, List<String> summary) {
    }

    private OfflineConsistencyCheck() {
    }

    static Outcome run(Path root, Path work) throws IOException, InterruptedException {
        Matcher gateway = lastGateway(Files.readString(work.resolve("server.log")));
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                root.resolve("app/target/enclave-app.jar").toString(), "dev.enclave.app.infra.consistency.ConsistencyCheck",
                "--table", "enclave", "--region", gateway.group(3), "--endpoint", gateway.group(1));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(Map.of("AWS_ACCESS_KEY_ID", gateway.group(2), "AWS_SECRET_ACCESS_KEY", "local"));
        Process process = builder.start();
        List<String> lines = new String(process.getInputStream().readAllBytes()).lines().toList();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("the consistency checker did not finish in 5 minutes");
        }
        Files.write(work.resolve("consistency-check.txt"), lines);
        List<String> violations = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        lines.forEach(line -> (line.matches("[A-Z_]+ tenant=.*") ? violations : summary).add(line));
        return new Outcome(process.exitValue(), violations, summary);
    }

    /** The gateway of the server's last start (each restart logs its own port). */
    private static Matcher lastGateway(String log) {
        Matcher matcher = GATEWAY.matcher(log);
        Matcher last = null;
        while (matcher.find()) {
            last = GATEWAY.matcher(log);
            last.find(matcher.start());
        }
        if (last == null) {
            throw new IllegalStateException("the server log names no DynamoDB gateway");
        }
        return last;
    }
}
