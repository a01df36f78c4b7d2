package dev.enclave.iam.proof;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A request context key. IAM compares key names case-insensitively, so the value is the lower-case name; a key IAM
 * sends as a set of values ({@code dynamodb:LeadingKeys}, {@code dynamodb:Attributes}, {@code aws:TagKeys}) is
 * multi-valued.
 *
 * @param id the key name in lower case
 */
public record ContextKey(String id) implements Comparable<ContextKey> {

    /** The partition-key values a DynamoDB request names. */
    public static final ContextKey LEADING_KEYS = of("dynamodb:LeadingKeys");
    /** The top-level attribute names a DynamoDB request names. */
    public static final ContextKey ATTRIBUTES = of("dynamodb:Attributes");

    private static final Set<String> MULTI_VALUED = Set.of("dynamodb:leadingkeys", "dynamodb:attributes",
            "aws:tagkeys");
    private static final Map<String, String> SPELLING = Map.of("dynamodb:leadingkeys", "dynamodb:LeadingKeys",
            "dynamodb:attributes", "dynamodb:Attributes", "aws:principaltag/tenantid", "aws:PrincipalTag/TenantId");

    public ContextKey {
        Objects.requireNonNull(id, "id");
        if (!id.equals(id.toLowerCase(Locale.ROOT)) || id.isBlank()) {
            throw new IllegalArgumentException("a context key id is its lower-case name: " + id);
        }
    }

    /** The key named {@code name}, in any case. */
    public static ContextKey of(String name) {
        return new ContextKey(name.toLowerCase(Locale.ROOT));
    }

    /** Whether IAM sends this key as a set of values. */
    public boolean multiValued() {
        return MULTI_VALUED.contains(id);
    }

    /** The name as AWS documents it, where known. */
    public String spelling() {
        return SPELLING.getOrDefault(id, id);
    }

    @Override
    public int compareTo(ContextKey other) {
        return id.compareTo(other.id);
    }

    @Override
    public String toString() {
        return spelling();
    }
}
