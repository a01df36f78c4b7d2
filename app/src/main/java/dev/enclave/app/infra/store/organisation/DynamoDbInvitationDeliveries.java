package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.invitation.InvitationDeliveries;
import dev.enclave.app.domain.invitation.InvitationDelivery;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationEvents;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link InvitationDeliveries} on the organisation item ({@code invitationDelivery}; absent: {@code TOKEN}), so the
 * choice lives and dies with the organisation's life. Choosing is one transaction with its event, on the life and the
 * choice read (choosing what is already chosen writes nothing).
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbInvitationDeliveries(Store store) implements InvitationDeliveries {

    static final String ATTRIBUTE = "invitationDelivery";

    private enum Role implements WriteRole { ORGANISATION }

    @Override
    public InvitationDelivery of(TenantId tenant) {
        return stored(tenant).flatMap(InvitationDelivery::parse).orElse(InvitationDelivery.TOKEN);
    }

    private Optional<String> stored(TenantId tenant) {
        return ItemAttributes.optionalString(store.forTenant(tenant).get(OrganisationKeys.key(tenant)), ATTRIBUTE);
    }

    @Override
    public boolean choose(Organisation organisation, InvitationDelivery delivery) {
        TenantId tenant = organisation.id();
        Optional<String> stored = stored(tenant);
        InvitationDelivery before = stored.flatMap(InvitationDelivery::parse).orElse(InvitationDelivery.TOKEN);
        if (before == delivery) {
            return true;
        }
        Expr chosen = Expr.update().set("#delivery = :delivery").name("#delivery", ATTRIBUTE)
                .value(":delivery", delivery.wire()).build();
        boolean committed = store.forTenant(tenant).transact(Transaction.builder()
                .writtenBy(organisation.incarnation())
                .update(Role.ORGANISATION, OrganisationKeys.key(tenant), chosen,
                        OrganisationConditions.live(organisation).and(asRead(stored)))
                .records(OrganisationEvents.invitationDeliveryChanged(organisation, before.wire(), delivery.wire()))
                .build()).committed();
        return committed || of(tenant) == delivery;
    }

    /** The choice is still as stored when read, which the event names as what it was. */
    private static Expr asRead(Optional<String> stored) {
        Expr attribute = Expr.of("").name("#delivery", ATTRIBUTE);
        return stored.map(value -> Expr.of("#delivery = :deliveryBefore").withPlaceholdersOf(attribute)
                        .value(":deliveryBefore", AttributeValue.fromS(value)))
                .orElseGet(() -> Expr.of("attribute_not_exists(#delivery)").withPlaceholdersOf(attribute));
    }
}
