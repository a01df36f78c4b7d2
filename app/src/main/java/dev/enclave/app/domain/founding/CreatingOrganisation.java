package dev.enclave.app.domain.founding;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.member.GroupName;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
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
public final class CreatingOrganisation {

    private final Founding founding;
    private final Clock clock;

    CreatingOrganisation(Founding founding, Clock clock) {
        this.founding = founding;
        this.clock = clock;
    }

    public Founding.CreateOutcome create(Caller caller, TenantId id, String name, Optional<String> idempotencyKey) {
        Instant now = clock.instant();
        Organisation organisation = Organisation.create(id, name, now);
        Membership owner = new Membership(id, caller.userKey(), caller.subject(), caller.issuer(),
                caller.verifiedEmail(), Set.of(GroupName.OWNER, GroupName.MEMBER), now, 1);
        Founding.CreateOutcome outcome = founding.create(organisation, owner,
                idempotencyKey.map(key -> requestToken(caller, id, key)));
        if (outcome instanceof Founding.TokenReused) {
            return founding.create(organisation, owner, Optional.empty());
        }
        return outcome;
    }

    /** DynamoDB's idempotency token (at most 36 characters) for the caller's key on this organisation. */
    private static String requestToken(Caller caller, TenantId id, String key) {
        return Sha256.hex(caller.issuer() + "\n" + caller.subject() + "\n" + id.value() + "\n" + key).substring(0, 36);
    }
}
