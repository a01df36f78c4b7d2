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
        return ItemAttributes.optionalString(store.forTenant(tenant).get(OrganisationKeys.key(tenant)), ATTRIBUTE)
                .flatMap(InvitationDelivery::parse).orElse(InvitationDelivery.TOKEN);
    }

    @Override
    public boolean choose(Organisation organisation, InvitationDelivery delivery) {
        TenantId tenant = organisation.id();
        InvitationDelivery before = of(tenant);
        if (before == delivery) {
            return true;
        }
        Expr chosen = Expr.update().set("#delivery = :delivery").name("#delivery", ATTRIBUTE)
                .value(":delivery", delivery.wire()).build();
        return store.forTenant(tenant).transact(Transaction.builder().writtenBy(organisation.incarnation())
                .update(Role.ORGANISATION, OrganisationKeys.key(tenant), chosen,
                        OrganisationConditions.live(organisation).and(asRead(before)))
                .records(OrganisationEvents.invitationDeliveryChanged(organisation, before.wire(), delivery.wire()))
                .build()).committed();
    }

    /** The choice is still {@code before}, which the event names as what it was. */
    private static Expr asRead(InvitationDelivery before) {
        String stored = before == InvitationDelivery.TOKEN
                ? "(attribute_not_exists(#delivery) OR #delivery = :deliveryBefore)" : "#delivery = :deliveryBefore";
        return Expr.of(stored).name("#delivery", ATTRIBUTE).value(":deliveryBefore",
                AttributeValue.fromS(before.wire()));
    }
}
