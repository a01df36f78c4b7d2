package dev.enclave.identity;

import java.util.Objects;

/**
 * An email address as keys see it: a digest of its canonical {@link Email} form, so two addresses share a key
 * exactly when they are the same mailbox. Its prefix keys "my invitations" on the cross-tenant index.
 */
public record EmailKey(String digest) {

    /** What every address's own partition key starts with. */
    public static final String PARTITION_PREFIX = "EMAIL#";

    public EmailKey {
        Objects.requireNonNull(digest, "digest");
    }

    public static EmailKey of(Email email) {
        return new EmailKey(UserKey.Digests.base32(Objects.requireNonNull(email, "email").value()));
    }

    /** {@code EMAIL#<digest>#}. */
    public LeadingKeyPrefix prefix() {
        return new LeadingKeyPrefix(PARTITION_PREFIX + digest + "#");
    }
}
