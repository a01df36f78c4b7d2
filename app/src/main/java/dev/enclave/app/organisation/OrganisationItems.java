package dev.enclave.app.organisation;

import dev.enclave.app.limits.Limit;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit, reflection-free mapping of {@link Organisation} to and from its item. */
public final class OrganisationItems {

    static final String TYPE = "organisation";
    /** How many owners the organisation has; removing an owner needs {@code owners > 1} (never the last). */
    public static final String OWNERS = "owners";
    static final String LIMITS = "limits";
    private static final String RATE = "requestsPerSecond";
    private static final String BURST = "burst";
    private static final String CONCURRENT = "concurrent";

    private OrganisationItems() {
    }

    public static Map<String, AttributeValue> toItem(Organisation organisation) {
        Map<String, AttributeValue> item = new HashMap<>(OrganisationKeys.key(organisation.id()));
        item.put("type", AttributeValue.fromS(TYPE));
        item.put("tenant", AttributeValue.fromS(organisation.id().value()));
        item.put("name", AttributeValue.fromS(organisation.name()));
        item.put("seats", AttributeValue.fromN(Integer.toString(organisation.seats())));
        item.put("members", AttributeValue.fromN(Integer.toString(organisation.members())));
        item.put(OWNERS, AttributeValue.fromN(Integer.toString(Math.min(organisation.members(), 1))));
        item.put("status", AttributeValue.fromS(organisation.status().name()));
        item.put("version", AttributeValue.fromN(Long.toString(organisation.version())));
        item.put("createdAt", AttributeValue.fromS(organisation.createdAt().toString()));
        organisation.limits().ifPresent(limit -> item.put(LIMITS, limitsValue(limit)));
        return item;
    }

    public static Organisation fromItem(Map<String, AttributeValue> item) {
        return new Organisation(TenantId.of(item.get("tenant").s()), item.get("name").s(),
                Integer.parseInt(item.get("seats").n()), Integer.parseInt(item.get("members").n()),
                OrganisationStatus.valueOf(item.get("status").s()),
                Long.parseLong(item.get("version").n()), Instant.parse(item.get("createdAt").s()),
                Optional.ofNullable(item.get(LIMITS)).map(OrganisationItems::limits));
    }

    /** An organisation's own limits as the {@value #LIMITS} map attribute. */
    static AttributeValue limitsValue(Limit limit) {
        return AttributeValue.fromM(Map.of(RATE, number(limit.requestsPerSecond()), BURST, number(limit.burst()),
                CONCURRENT, number(limit.concurrent())));
    }

    private static Limit limits(AttributeValue value) {
        Map<String, AttributeValue> limits = value.m();
        return new Limit(Integer.parseInt(limits.get(RATE).n()), Integer.parseInt(limits.get(BURST).n()),
                Integer.parseInt(limits.get(CONCURRENT).n()));
    }

    private static AttributeValue number(int value) {
        return AttributeValue.fromN(Integer.toString(value));
    }
}
