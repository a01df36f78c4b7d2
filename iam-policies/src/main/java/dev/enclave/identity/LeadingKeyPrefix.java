package dev.enclave.identity;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The start of a DynamoDB partition key that a scope may touch, e.g. {@code TENANT#acme#} or {@code USER#k3j…#}.
 * Always ends with the {@code #} separator (so {@code TENANT#acme#} cannot match {@code TENANT#acme2#}) and holds
 * only characters that are literal in IAM patterns: no {@code * ?}, no policy variables, no quotes or whitespace.
 * One {@code KIND#<id>#} segment, or two for a namespace inside a tenant ({@code TENANT#acme#DATA#k3j9#}).
 */
public record LeadingKeyPrefix(String value) implements Comparable<LeadingKeyPrefix> {

    private static final Pattern SAFE = Pattern.compile("[A-Z]+#[a-z0-9-]{1,64}#(?:[A-Z]+#[a-z0-9-]{1,64}#)?");

    public LeadingKeyPrefix {
        Objects.requireNonNull(value, "value");
        if (!SAFE.matcher(value).matches()) {
            throw new IllegalArgumentException("not a safe leading-key prefix: '" + value
                    + "' (expected KIND#<lowercase id># once or twice)");
        }
    }

    /** {@code TENANT#<id>#}. */
    public static LeadingKeyPrefix tenant(TenantId tenant) {
        return new LeadingKeyPrefix("TENANT#" + tenant.value() + "#");
    }

    /** The IAM {@code StringLike} pattern matching every key under this prefix. */
    public String pattern() {
        return value + "*";
    }

    @Override
    public int compareTo(LeadingKeyPrefix other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
