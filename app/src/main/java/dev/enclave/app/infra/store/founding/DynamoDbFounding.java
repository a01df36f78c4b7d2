package dev.enclave.app.infra.store.founding;

import dev.enclave.app.domain.founding.Founding;
import dev.enclave.app.domain.member.MemberEvents;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationEvents;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.member.MembershipWrites;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.app.infra.store.organisation.OrganisationWrites;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;

/** {@link Founding} on the single table. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbFounding(Store store, Clock clock) implements Founding {

    /** The writes of creating an organisation. */
    enum Create implements WriteRole { ORGANISATION, OWNER, OWNER_EMAIL, FOUNDING_KEY }

    @Override
    public CreateOutcome create(Organisation organisation, Membership owner, Optional<String> idempotencyToken) {
        Transaction.Builder writes = Transaction.builder().writtenBy(organisation.incarnation())
                .add(Create.ORGANISATION, OrganisationWrites.created(organisation))
                .add(Create.OWNER, MembershipWrites.joined(owner, new OrganisationName(organisation.name(),
                        organisation.version()), Set.of(), organisation.incarnation()))
                .records(OrganisationEvents.created(organisation), MemberEvents.added(owner))
                .clientRequestToken(idempotencyToken);
        if (owner.email().isPresent()) {
            writes.add(Create.OWNER_EMAIL, MembershipWrites.emailTaken(owner, organisation.incarnation()));
        }
        idempotencyToken.ifPresent(token -> writes.create(Create.FOUNDING_KEY, FoundingKeys.item(organisation.id(),
                token, organisation.name(), organisation.createdAt())));
        TransactionOutcome outcome;
        try {
            outcome = store.forTenant(organisation.id()).transact(writes.build());
        } catch (IdempotentParameterMismatchException tokenUsedForOtherWrites) {
            outcome = store.forTenant(organisation.id()).transact(writes.clientRequestToken(Optional.empty()).build());
        }
        if (outcome.committed()) {
            return new Created(organisation);
        }
        boolean deleting = outcome.oldItem(Create.ORGANISATION).map(OrganisationReads.item(organisation.id()).mapper())
                .filter(held -> held.status() == OrganisationStatus.DELETING).isPresent();
        return deleting ? new BeingDeleted(organisation.id()) : new IdTaken(organisation.id());
    }

    @Override
    public Founded foundedWith(Organisation organisation, String idempotencyToken, String name) {
        Map<String, AttributeValue> item = store.forTenant(organisation.id())
                .get(FoundingKeys.key(organisation.id(), idempotencyToken));
        if (item.isEmpty() || !Incarnations.belongsTo(item, organisation.incarnation())
                || !FoundingKeys.keptAt(item, clock.instant())) {
            return Founded.NOT_BY_IT;
        }
        String founded = FoundingKeys.name(item).orElse(organisation.name());
        return founded.equals(name) ? Founded.BY_IT : Founded.BY_IT_WITH_ANOTHER_BODY;
    }
}
