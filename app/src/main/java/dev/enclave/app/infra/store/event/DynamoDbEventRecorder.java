package dev.enclave.app.infra.store.event;

import dev.enclave.app.domain.event.EventContext;
import dev.enclave.app.domain.event.EventRecorder;
import dev.enclave.app.domain.event.EventRecorder.Once;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * {@link EventRecorder}: the event, its place, a check that the organisation is live, and the idempotency key if
 * one was given, in one transaction.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbEventRecorder(Store store, Clock clock, EventContext context) implements EventRecorder {

    private enum Role implements WriteRole { ORGANISATION, IDEMPOTENCY_KEY }

    @Override
    public Recorded record(TenantId organisation, Incarnation incarnation, NewEvent event,
                           Optional<Once> once) {
        Transaction.Builder writes = Transaction.builder().writtenBy(incarnation)
                .add(Role.ORGANISATION, OrganisationConditions.stillLive(organisation, incarnation))
                .records(event);
        Instant now = clock.instant();
        once.ifPresent(key -> writes.put(Role.IDEMPOTENCY_KEY,
                RecordedKeys.item(organisation, context.actor(), key, now), RecordedKeys.unheld(incarnation, now)));
        TransactionOutcome outcome = store.forTenant(organisation).transact(writes.build());
        if (outcome.committed()) {
            return Recorded.RECORDED;
        }
        if (outcome.refused(Role.ORGANISATION)) {
            return OrganisationConditions.suspendedIn(outcome.oldItem(Role.ORGANISATION), incarnation)
                    ? Recorded.NOT_ACTIVE : Recorded.NO_ORGANISATION;
        }
        if (!outcome.refused(Role.IDEMPOTENCY_KEY)) {
            throw outcome.unexpected();
        }
        return RecordedKeys.keptForAnother(outcome.oldItem(Role.IDEMPOTENCY_KEY), once.orElseThrow())
                ? Recorded.KEY_REUSED : Recorded.ALREADY_RECORDED;
    }
}
