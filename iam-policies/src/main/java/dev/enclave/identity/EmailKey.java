package dev.enclave.identity;

import java.util.Objects;

/**
 * An email address as keys see it: a digest of the trimmed, lower-cased address (emails compare
 * case-insensitively). Its prefix keys "my invitations" on the cross-tenant index.
 */
public record EmailKey(String digest) {

    public EmailKey {
        Objects.requireNonNull(digest, "digest");
    }

    public static EmailKey of(String email) {
        return new EmailKey(UserKey.Digests.base32(UserKey.Digests.normaliseEmail(Objects.requireNonNull(email))));
    }

    /** {@code EMAIL#<digest>#}. */
    public LeadingKeyPrefix prefix() {
        return new LeadingKeyPrefix("EMAIL#" + digest + "#");
    }
}
