package dev.enclave.app.service;

import dev.enclave.app.store.Conditions;
import dev.enclave.app.store.Expr;
import dev.enclave.app.store.ItemAttributes;
import dev.enclave.app.store.ItemBuilder;
import dev.enclave.app.store.Update;
import dev.enclave.identity.TenantId;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit mapping of a service to and from its item ({@code SK = SVC#<service>}). */
public final class ServiceItems {

    static final String NAME = "name";
    static final String VERSION = "version";
    /** How many assignments to the service's groups were ever made: a deletion deletes at the count it read. */
    static final String ASSIGNED = "assigned";
    private static final String ID = "id";

    private ServiceItems() {
    }

    /** A new service's item, at version 1. */
    static Map<String, AttributeValue> toItem(TenantId tenant, ServiceId service, String name) {
        return ItemBuilder.at(ServiceKeys.service(tenant, service)).string("type", "service")
                .string(ID, service.value()).string(NAME, name).number(VERSION, 1).build();
    }

    public static Service fromItem(Map<String, AttributeValue> item) {
        return new Service(new ServiceId(ItemAttributes.string(item, ID)), ItemAttributes.string(item, NAME),
                ItemAttributes.number(item, VERSION));
    }

    /** The update that counts one more assignment made. */
    static Expr oneMoreAssigned() {
        return assigned(1);
    }

    /** The update that counts {@code count} more assignments made. */
    static Expr assigned(long count) {
        return Update.builder().add("#assigned :count").name("#assigned", ASSIGNED).number(":count", count).build();
    }

    /** The service exists and has had no assignment made since {@code item} was read. */
    static Expr assignedAsRead(Map<String, AttributeValue> item) {
        Expr unchanged = ItemAttributes.optionalNumber(item, ASSIGNED)
                .map(count -> Expr.of("#assigned = :assigned").name("#assigned", ASSIGNED).number(":assigned", count))
                .orElseGet(() -> Expr.of("attribute_not_exists(#assigned)").name("#assigned", ASSIGNED));
        return Conditions.exists().and(unchanged);
    }
}
