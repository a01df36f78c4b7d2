package dev.enclave.app.infra.store;

import dev.enclave.identity.TenantId;
import java.util.List;

/**
 * The checks every change of a tenant's items carries beside its own writes: that whoever the request acts as
 * still holds what it was granted on. {@link ScopedTable#transact} adds them to every transaction and answers
 * their refusal with {@link ActorChangedException}.
 */
public interface ChangeChecks {

    /** The roles of the checks, by which a refusal is told apart from the change's own. */
    enum Role implements WriteRole { ACTOR, ACTOR_DEFINITIONS }

    /** The checks {@code transaction} of {@code tenant}'s items carries; none outside a granted request. */
    List<Transaction.NamedWrite> of(TenantId tenant, Transaction transaction);
}
