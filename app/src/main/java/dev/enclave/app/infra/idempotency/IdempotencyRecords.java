package dev.enclave.app.infra.idempotency;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Optional;

/**
 * Per caller and key, within one organisation's incarnation: the request a key was first used for, the caller's
 * membership version then, and the response once known.
 */
public interface IdempotencyRecords {

    /**
     * Claims the key for this request, in one transaction with the check that {@code organisation} is still the
     * incarnation read and not being deleted.
     */
    ClaimOutcome claim(Organisation organisation, ClaimedKey claim, String requestHash, long callerVersion,
                       Instant callerJoinedAt, Optional<String> callerGroups);

    /**
     * Stores the response a claimed key answered with (kept 24 hours), if this claim still holds the record: not
     * once the organisation was deleted and created again, its record claimed anew under the same key. When
     * {@code callerMoved}, the request itself moved the caller's own membership on by one version (an ownership
     * transfer takes the owner group from them): {@code callerMovedTo} is what the caller holds after it (see
     * {@link StoredRecord#HELD}), which the record keeps with that version, so the caller's retry as the request
     * left them is given the answer.
     */
    void complete(ClaimedKey claim, StoredRecord.Response response, Optional<String> callerMovedTo);

    /**
     * Gives up a claim (the request failed in a way a retry may fix, or left nothing to replay), if this claim still
     * holds the record.
     */
    void release(ClaimedKey claim);

    /**
     * One request's claim on a key: the organisation's incarnation, the caller, the key's digest and an id of this
     * claim alone, which completing or releasing it names so that a request finishing late touches no one else's
     * record.
     */
    record ClaimedKey(TenantId tenant, Incarnation incarnation, String caller, String key, String claimId) {

        /** What a sealed answer is bound to: the organisation's incarnation, the caller and the key. */
        public String recordKey() {
            return tenant.value() + "\n" + incarnation.value() + "\n" + caller + "\n" + key;
        }
    }

    /** What claiming came to. */
    sealed interface ClaimOutcome permits Claimed, Held, OrganisationGone {
    }

    /** The key is this request's now. */
    record Claimed() implements ClaimOutcome {
    }

    /** Another request holds the key. */
    record Held(StoredRecord record) implements ClaimOutcome {
    }

    /** The organisation is gone or being deleted: nothing is claimed, the request answers that. */
    record OrganisationGone() implements ClaimOutcome {
    }

    /**
     * A stored claim, with the response once the first request finished.
     *
     * @param callerVersion the caller's membership version when the key was claimed (absent on records kept before
     *                      it was recorded)
     * @param callerJoinedAt when that membership began (absent on records kept before it was recorded): a version of
     *                      a membership made again after a removal starts over, so the version alone is not it
     * @param callerGroups   what the caller held: a digest of their groups (custom ones as then defined: a change
     *                      to a group changes what its holders may do without moving their memberships) and their
     *                      service groups, marked {@link #HELD}; on records kept before, a digest of their custom
     *                      groups alone, when they held any
     */
    record StoredRecord(String requestHash, Optional<Long> callerVersion, Optional<Response> response,
                        Optional<String> callerJoinedAt, Optional<String> callerGroups) {

        /** A record of a caller who held no custom group. */
        public StoredRecord(String requestHash, Optional<Long> callerVersion, Optional<Response> response,
                            Optional<String> callerJoinedAt) {
            this(requestHash, callerVersion, response, callerJoinedAt, Optional.empty());
        }

        /** A record of the caller's membership version alone. */
        public StoredRecord(String requestHash, Optional<Long> callerVersion, Optional<Response> response) {
            this(requestHash, callerVersion, response, Optional.empty());
        }

        /**
         * The mark of a digest of everything the caller held: a record that carries one is judged on it and the
         * membership's life, not on the membership's version (which a copy of the caller's profile moves too).
         */
        public static final String HELD = "held:";

        /** As {@link #claimedBy(long, Instant, Optional)}, for a caller who holds no custom group. */
        public boolean claimedBy(long version, Instant joinedAt) {
            return claimedBy(version, joinedAt, Optional.empty());
        }

        /**
         * Whether the caller's membership (and the custom groups they hold) is as it was when the key was claimed, as
         * far as the record knows.
         */
        public boolean claimedBy(long version, Instant joinedAt, Optional<String> groups) {
            boolean onWhatWasHeld = callerGroups.filter(claimed -> claimed.startsWith(HELD)).isPresent();
            return (onWhatWasHeld || callerVersion.filter(claimed -> claimed != version).isEmpty())
                    && callerJoinedAt.filter(claimed -> !claimed.equals(joinedAt.toString())).isEmpty()
                    && callerGroups.filter(claimed -> !groups.equals(Optional.of(claimed))).isEmpty();
        }

        /** A response as first answered. */
        public record Response(int status, String contentType, String body, String location) {
        }
    }
}
