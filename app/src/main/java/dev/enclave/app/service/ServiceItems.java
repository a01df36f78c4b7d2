package dev.enclave.app.service;

import dev.enclave.app.store.ItemAttributes;
import dev.enclave.app.store.ItemBuilder;
import dev.enclave.identity.TenantId;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit mapping of a service to and from its item ({@code SK = SVC#<service>}). */
public final class ServiceItems {

    static final String NAME = "name";
    static final String VERSION = "version";
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
}
