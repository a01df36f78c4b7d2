package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventContext;
import dev.enclave.app.infra.store.ActorChangedException;
import dev.enclave.app.infra.store.ChangeChecks;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A change made in a request an API key was granted is written only while the key is still there and its
 * organisation active: a key revoked, or an organisation suspended, while its request was in flight (an app's audit
 * event, the record of the credentials it takes) changes nothing. Whether its creator still vouches for it was
 * decided when the request was; that is not checked again here.
 */
@Singleton
final class ActingKeyChecks implements ChangeChecks {

    private final EventContext context;

    ActingKeyChecks(EventContext context) {
        this.context = context;
    }

    @Override
    public Transaction checked(TenantId tenant, Transaction transaction) {
        Actor actor = context.actor();
        Optional<ItemKey> key = Optional.of(actor).filter(Actor::isApiKey)
                .map(acting -> ItemKey.inTenant(tenant, ApiKeyKeys.SORT_KEY_PREFIX + acting.id()));
        if (key.isEmpty()) {
            return transaction;
        }
        List<Transaction.NamedWrite> writes = new ArrayList<>(transaction.writes());
        if (writes.stream().noneMatch(named -> named.write().key().equals(key.get()))) {
            writes.add(new Transaction.NamedWrite(Role.API_KEY, new Write.Check(key.get(), Expr.exists())));
        }
        return transaction.withWrites(OrganisationConditions.whileActive(tenant, writes, Role.ORGANISATION_ACTIVE));
    }

    @Override
    public Optional<ActorChangedException.Cause> inactive(TenantId tenant, Transaction checked,
                                                          TransactionOutcome outcome) {
        return context.actor().isApiKey() ? OrganisationConditions.inactiveOnItsItem(tenant, checked, outcome)
                .map(inactive -> inactive == ActorChangedException.Cause.ORGANISATION_GONE
                        ? ActorChangedException.Cause.KEY_GONE : inactive) : Optional.empty();
    }
}
