package dev.enclave.app.domain.founding;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.profile.ProfileCopy;
import dev.enclave.digest.Sha256;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * Any signed-in user creates an organisation and becomes its first owner, in one conditional transaction. A retry
 * with the same {@code Idempotency-Key} whose first request's organisation is gone creates it again: DynamoDB's
 * request token only refuses it for being other writes, and the id decides.
 */
@Singleton
public record CreatingOrganisation(Founding founding, Clock clock) {

    /**
     * {@code caller} founds organisation {@code id}, retried under {@code idempotencyKey} if given; their membership
     * keeps {@code profile}, their profile as it is now.
     */
    public record Create(Caller caller, TenantId id, String name, Optional<String> idempotencyKey,
                         ProfileCopy profile) {

        /** A founding by a caller with no profile. */
        public Create(Caller caller, TenantId id, String name, Optional<String> idempotencyKey) {
            this(caller, id, name, idempotencyKey, ProfileCopy.NONE);
        }
    }

    /**
     * The organisation, or why not: {@code organisation-exists} (which a retried request answers by reading what it
     * created), or {@code organisation-being-deleted}.
     */
    public Outcome<Organisation> create(Create command) {
        Caller caller = command.caller();
        TenantId id = command.id();
        Instant now = clock.instant();
        String name = command.name();
        Optional<String> idempotencyKey = command.idempotencyKey();
        Organisation organisation = Organisation.create(id, name, now);
        Membership owner = new Membership(id, caller.userKey(), caller.subject(), caller.issuer(),
                caller.verifiedEmail(), Set.of(GroupName.OWNER, GroupName.MEMBER), now, 1, command.profile());
        Founding.CreateOutcome outcome = founding.create(organisation, owner,
                idempotencyKey.map(key -> requestToken(caller, id, key)));
        if (outcome instanceof Founding.Created created) {
            return Outcome.done(created.organisation());
        } else if (outcome instanceof Founding.BeingDeleted) {
            return Outcome.refused(Reason.ORGANISATION_BEING_DELETED, "The id " + id.value() + " belonged to an"
                    + " organisation that is still being deleted; it is free once that finishes.");
        }
        return Outcome.refused(Reason.ORGANISATION_EXISTS, "The id " + id.value() + " is taken.");
    }

    /**
     * Whether {@code organisation} (as read now) was founded by {@code command} itself, sent before with the same
     * caller and Idempotency-Key: only then is a create refused as {@code organisation-exists} a retry to answer
     * as the first one was.
     */
    public Founding.Founded foundedBy(Create command, Organisation organisation) {
        return command.idempotencyKey().map(key -> founding.foundedWith(organisation,
                requestToken(command.caller(), command.id(), key), command.name()))
                .orElse(Founding.Founded.NOT_BY_IT);
    }

    /** DynamoDB's idempotency token (at most 36 characters) for the caller's key on this organisation. */
    private static String requestToken(Caller caller, TenantId id, String key) {
        return Sha256.hex(caller.issuer() + "\n" + caller.subject() + "\n" + id.value() + "\n" + key).substring(0, 36);
    }
}
