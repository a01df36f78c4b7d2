package dev.enclave.app.organisation;

import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit, reflection-free mapping of {@link Organisation} to and from its item. */
final class OrganisationItems {

    static final String TYPE = "organisation";

    private OrganisationItems() {
    }

    static Map<String, AttributeValue> toItem(Organisation organisation) {
        Map<String, AttributeValue> item = new HashMap<>(OrganisationKeys.key(organisation.id()));
        item.put("type", AttributeValue.fromS(TYPE));
        item.put("tenant", AttributeValue.fromS(organisation.id().value()));
        item.put("name", AttributeValue.fromS(organisation.name()));
        item.put("seats", AttributeValue.fromN(Integer.toString(organisation.seats())));
        item.put("members", AttributeValue.fromN(Integer.toString(organisation.members())));
        item.put("status", AttributeValue.fromS(organisation.status().name()));
        item.put("version", AttributeValue.fromN(Long.toString(organisation.version())));
        item.put("createdAt", AttributeValue.fromS(organisation.createdAt().toString()));
        return item;
    }

    static Organisation fromItem(Map<String, AttributeValue> item) {
        return new Organisation(TenantId.of(item.get("tenant").s()), item.get("name").s(),
                Integer.parseInt(item.get("seats").n()), Integer.parseInt(item.get("members").n()),
                OrganisationStatus.valueOf(item.get("status").s()),
                Long.parseLong(item.get("version").n()), Instant.parse(item.get("createdAt").s()));
    }
}
