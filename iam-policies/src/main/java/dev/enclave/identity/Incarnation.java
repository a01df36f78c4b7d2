package dev.enclave.identity;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Which life of a tenant id this is. An organisation deleted and created again under the same id is a new
 * incarnation, and its data namespace ({@code TENANT#<id>#DATA#<incarnation>#}) is new with it: nothing written
 * before the deletion, by credentials vended before it included, lies under the new prefix.
 *
 * <p>Derived from the organisation's creation instant (base 36 of its epoch milliseconds), which is immutable and
 * cannot repeat for one id: a new creation needs the old organisation gone first. 1 to 16 lowercase letters and
 * digits, so it is literal in IAM patterns.
 */
public record Incarnation(String value) {

    /** The regular expression every incarnation matches. */
    public static final String REGEX = "[a-z0-9]{1,16}";

    private static final Pattern SAFE = Pattern.compile(REGEX);

    public Incarnation {
        Objects.requireNonNull(value, "value");
        if (!SAFE.matcher(value).matches()) {
            throw new IllegalArgumentException("not an incarnation: '" + value + "' (expected 1-16 of [a-z0-9])");
        }
    }

    /** The incarnation of an organisation created at {@code createdAt}. */
    public static Incarnation createdAt(Instant createdAt) {
        return new Incarnation(Long.toString(createdAt.toEpochMilli(), 36));
    }

    @Override
    public String toString() {
        return value;
    }
}
