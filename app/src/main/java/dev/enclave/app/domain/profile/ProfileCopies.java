package dev.enclave.app.domain.profile;

import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;

/**
 * The copies of a user's profile every membership keeps: written into each of the user's memberships whose copy is
 * older, never over a newer one.
 */
public interface ProfileCopies {

    /**
     * Copies {@code copy} into each of the first {@code most} memberships of {@code user} the user index lists whose
     * copy is older; true when every one of those has it (or a newer one) now, false when some write failed and the
     * copy is still owed.
     */
    boolean copy(UserKey user, ProfileCopy copy, int most);

    /**
     * Copies {@code copy} into {@code user}'s membership of {@code tenant} if its copy is older (none when the
     * membership is gone), without the user index: for a membership just written, which the index may not list yet.
     */
    void copyInto(TenantId tenant, UserKey user, ProfileCopy copy);
}
