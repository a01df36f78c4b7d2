package dev.enclave.bench.chaos;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The chaos run's knobs: {@code --minutes M} (3) of load, {@code --kills K} (4) SIGKILLs spread over it,
 * {@code --workers W} (4) concurrent workers, {@code --seed S} for the random choices.
 */
record ChaosOptions(Duration duration, int kills, int workers, long seed) {

    static ChaosOptions parse(String[] args) {
        List<String> list = List.of(args);
        return new ChaosOptions(Duration.ofSeconds(Math.round(60 * Double.parseDouble(value(list, "--minutes", "3")))),
                Integer.parseInt(value(list, "--kills", "4")), Integer.parseInt(value(list, "--workers", "4")),
                Long.parseLong(value(list, "--seed", "20261124")));
    }

    Path output(Path root) {
        return root.resolve("docs/reliability.md");
    }

    private static String value(List<String> args, String name, String fallback) {
        int at = args.indexOf(name);
        return at >= 0 && at + 1 < args.size() ? args.get(at + 1) : fallback;
    }
}
