package dev.enclave.app.infra.store;

import dev.enclave.identity.TenantId;
import java.util.Optional;

/**
 * The checks every change of a tenant's items carries beside its own conditions: that whoever the request acts as
 * still holds what it was granted on. {@link ScopedTable#transact} puts them on every transaction and answers a
 * refusal of theirs alone with {@link ActorChangedException}.
 */
public interface ChangeChecks {

    /** The roles of the checks written apart from the change's own writes. */
    enum Role implements WriteRole { ACTOR, ACTOR_DEFINITIONS, ORGANISATION_ACTIVE, API_KEY }

    /**
     * {@code transaction} of {@code tenant}'s items with its checks: on a write of its own to an item a check is on
     * (then refused as that write), else as writes of their own; as it is outside a granted request.
     */
    Transaction checked(TenantId tenant, Transaction transaction);

    /**
     * Whether {@code outcome}, of a transaction of {@code tenant}'s these checks rode on ({@code checked}), was refused
     * because the organisation is no longer active, and how: suspended, or being deleted (or gone). On a write of the
     * change's own that carries the check (one on the organisation's item) too, whose workflow would otherwise read
     * the refusal as its own (the last owner, say). Empty when these checks put nothing on it (no actor of theirs: a
     * background worker reads its own refusals), or the organisation was found active.
     */
    Optional<ActorChangedException.Cause> inactive(TenantId tenant, Transaction checked, TransactionOutcome outcome);
}
