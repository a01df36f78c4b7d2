package dev.enclave.sandbox.iam;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One authorisation question, as IAM sees it: an action on a resource with the request's context keys. Context keys
 * match case-insensitively; each has a list of values (multi-valued keys such as {@code dynamodb:LeadingKeys});
 * an absent key is not in the map.
 */
public record AuthorizationRequest(String action, String resource, Map<String, List<String>> context) {

    public AuthorizationRequest {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(resource, "resource");
        TreeMap<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        context.forEach((key, values) -> copy.put(key, List.copyOf(values)));
        context = java.util.Collections.unmodifiableMap(copy);
    }

    /** The values of a context key; empty when absent. */
    public Optional<List<String>> values(String key) {
        return Optional.ofNullable(context.get(key.toLowerCase(Locale.ROOT)))
                .or(() -> Optional.ofNullable(context.get(key)));
    }
}
