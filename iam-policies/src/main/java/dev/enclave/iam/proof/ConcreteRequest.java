package dev.enclave.iam.proof;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A request with values: an action, a resource, and the present context keys with their values (one value for a
 * single-valued key).
 *
 * @param action   e.g. {@code dynamodb:GetItem}
 * @param resource the ARN the request names
 * @param context  each present key, by the name AWS documents, with its values
 */
public record ConcreteRequest(String action, String resource, Map<String, List<String>> context) {

    public ConcreteRequest {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(resource, "resource");
        TreeMap<String, List<String>> copy = new TreeMap<>();
        context.forEach((key, values) -> copy.put(key, List.copyOf(values)));
        context = Collections.unmodifiableMap(copy);
    }

    /** The values of {@code key}, matched ignoring case; {@code null} when absent. */
    List<String> values(ContextKey key) {
        return context.entrySet().stream().filter(e -> ContextKey.of(e.getKey()).equals(key))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }
}
