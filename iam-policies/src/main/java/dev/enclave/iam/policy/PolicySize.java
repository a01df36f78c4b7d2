package dev.enclave.iam.policy;

/**
 * The size of a rendered session policy against STS's 2,048-character limit for inline session policies.
 *
 * @param characters the length of the compact JSON
 */
public record PolicySize(int characters) {

    /** STS's limit for an inline session policy, in characters. */
    public static final int LIMIT = 2048;

    public static PolicySize of(String json) {
        return new PolicySize(json.length());
    }

    /** Characters left before the limit (negative when over). */
    public int headroom() {
        return LIMIT - characters;
    }

    public PolicySize requireWithinLimit() {
        if (headroom() < 0) {
            throw new TooLargeException(this);
        }
        return this;
    }

    @Override
    public String toString() {
        return characters + " of " + LIMIT + " characters (" + headroom() + " to spare)";
    }

    /** A session policy too large for STS. */
    public static final class TooLargeException extends IllegalStateException {
        public TooLargeException(PolicySize size) {
            super("session policy too large: " + size);
        }
    }
}
