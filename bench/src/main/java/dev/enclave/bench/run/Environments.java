package dev.enclave.bench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;

/** Where a run happened: date, commit, Java, cores, OS. */
final class Environments {

    private Environments() {
    }

    static Results.Environment describe(Path root, BenchOptions options) {
        return new Results.Environment(LocalDate.now().toString(), commit(root), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                options.quick() ? "bench/run --quick" : "bench/run");
    }

    private static String commit(Path root) {
        try {
            Process git = new ProcessBuilder("git", "-C", root.toString(), "describe", "--always", "--dirty")
                    .redirectErrorStream(true).start();
            String sha = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor() == 0 ? sha : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
