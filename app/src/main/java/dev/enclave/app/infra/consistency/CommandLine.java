package dev.enclave.app.infra.consistency;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** What the command line asks for: a check, the usage, or nothing it can do (with why). */
sealed interface CommandLine {

    String USAGE = """
            usage: java -cp enclave-app.jar dev.enclave.app.infra.consistency.ConsistencyCheck --table NAME \
            [--endpoint URL] [--region REGION]
              reads the whole table (paged, strongly consistent Scan) with the default AWS credentials chain;
              exit 0: no violation, 1: violations, 2: usage or a fault""";

    Set<String> OPTIONS = Set.of("--table", "--endpoint", "--region");

    /** Check {@code table}, through {@code endpoint} in {@code region} when given (else the SDK's defaults). */
    record Check(String table, Optional<URI> endpoint, Optional<String> region) implements CommandLine {

        public Check {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(endpoint, "endpoint");
            Objects.requireNonNull(region, "region");
        }
    }

    record Help() implements CommandLine {
    }

    record Refused(String problem) implements CommandLine {
    }

    static CommandLine parse(List<String> args) {
        if (args.contains("--help") || args.contains("-h")) {
            return new Help();
        }
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.size(); i += 2) {
            String option = args.get(i);
            if (!OPTIONS.contains(option)) {
                return new Refused("unknown option " + option);
            }
            if (i + 1 >= args.size() || args.get(i + 1).isBlank()) {
                return new Refused(option + " needs a value");
            }
            if (options.put(option, args.get(i + 1)) != null) {
                return new Refused(option + " given twice");
            }
        }
        if (!options.containsKey("--table")) {
            return new Refused("--table is required");
        }
        Optional<URI> endpoint;
        try {
            endpoint = Optional.ofNullable(options.get("--endpoint")).map(URI::create);
        } catch (IllegalArgumentException notAUri) {
            return new Refused("--endpoint is not a URL");
        }
        if (endpoint.filter(uri -> uri.getScheme() == null || uri.getHost() == null).isPresent()) {
            return new Refused("--endpoint must be an absolute URL, such as http://127.0.0.1:8000");
        }
        return new Check(options.get("--table"), endpoint, Optional.ofNullable(options.get("--region")));
    }
}
