package dev.enclave.app.infra.store.event;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An event as an item of its organisation's control partition, and back. */
final class EventItems {

    static final String ID = "eventId";
    static final String TYPE = "type";
    static final String ACTOR_TYPE = "actorType";
    static final String ACTOR_ID = "actorId";
    static final String ACTOR_EMAIL = "actorEmail";
    static final String ACTOR_NAME = "actorName";
    static final String TARGETS = "targets";
    /** Every target as {@code type/id}: what the audit log's target filter looks in. */
    static final String TARGET_PATHS = "targetPaths";
    static final String CHANGES = "changes";
    static final String REQUEST_ID = "requestId";
    static final String TIME = "time";
    static final String OCCURRED_AT = "occurredAt";
    private static final String PLATFORM_ADMIN = "platform_admin";

    private EventItems() {
    }

    static Map<String, AttributeValue> toItem(RecordedEvent event, Instant expiresAt) {
        Map<String, AttributeValue> item = new HashMap<>(EventKeys.event(event.organisation(), event.sequence())
                .asMap());
        item.put(Incarnations.ATTRIBUTE, AttributeValue.fromS(event.incarnation().value()));
        item.put(ID, AttributeValue.fromS(event.id()));
        item.put(TYPE, AttributeValue.fromS(event.type().value()));
        item.put(ACTOR_TYPE, AttributeValue.fromS(event.actor().type()));
        item.put(ACTOR_ID, AttributeValue.fromS(event.actor().id()));
        event.actor().email().ifPresent(email -> item.put(ACTOR_EMAIL, AttributeValue.fromS(email)));
        event.actor().name().ifPresent(name -> item.put(ACTOR_NAME, AttributeValue.fromS(name)));
        item.put(TARGETS, AttributeValue.fromL(event.targets().stream().map(EventItems::target).toList()));
        if (!event.targets().isEmpty()) {
            item.put(TARGET_PATHS, AttributeValue.fromSs(event.targets().stream().map(Target::path).distinct()
                    .toList()));
        }
        item.put(CHANGES, ChangeValues.toValue(event.changes()));
        event.requestId().ifPresent(id -> item.put(REQUEST_ID, AttributeValue.fromS(id)));
        item.put(TIME, AttributeValue.fromS(SortableTime.format(event.time())));
        item.put(OCCURRED_AT, AttributeValue.fromS(SortableTime.format(event.occurredAt())));
        item.put(TableAttributes.TTL, AttributeValue.fromN(Long.toString(expiresAt.getEpochSecond())));
        if (PLATFORM_ADMIN.equals(event.actor().type())) {
            item.put(TableDesign.BY_USER.partitionKey(), AttributeValue.fromS(TableDesign.PLATFORM_ACTIONS));
            item.put(TableDesign.BY_USER.sortKey(), AttributeValue.fromS(platformPosition(event)));
        }
        return Map.copyOf(item);
    }

    /**
     * A platform admin's event on the platform's list: {@code <time>#<tenant>#<place>}, newest first by time (each
     * admin's clock), unique, and naming the item's own key.
     */
    static String platformPosition(RecordedEvent event) {
        return SortableTime.format(event.time()) + "#" + event.organisation().value() + "#"
                + EventKeys.sortKey(event.sequence());
    }

    /** The table and index key of the event at {@code position} on the platform's list. */
    static Map<String, AttributeValue> platformKey(String position) {
        String[] parts = position.split("#", 3);
        return Map.of(TableAttributes.PARTITION_KEY, AttributeValue.fromS(ItemKey.tenantPartition(TenantId.of(parts[1]))),
                TableAttributes.SORT_KEY, AttributeValue.fromS(parts[2]),
                TableDesign.BY_USER.partitionKey(), AttributeValue.fromS(TableDesign.PLATFORM_ACTIONS),
                TableDesign.BY_USER.sortKey(), AttributeValue.fromS(position));
    }

    static RecordedEvent fromItem(Map<String, AttributeValue> item) {
        TenantId organisation = tenantOf(ItemAttributes.string(item, TableAttributes.PARTITION_KEY));
        Actor actor = new Actor(ItemAttributes.string(item, ACTOR_TYPE), ItemAttributes.string(item, ACTOR_ID),
                ItemAttributes.optionalString(item, ACTOR_EMAIL), ItemAttributes.optionalString(item, ACTOR_NAME));
        List<Target> targets = item.get(TARGETS).l().stream()
                .map(value -> new Target(value.m().get("type").s(), value.m().get("id").s())).toList();
        return new RecordedEvent(organisation, new Incarnation(ItemAttributes.string(item, Incarnations.ATTRIBUTE)),
                EventKeys.sequenceOf(ItemAttributes.sortKey(item)), ItemAttributes.string(item, ID),
                new EventType(ItemAttributes.string(item, TYPE)), actor, targets,
                ChangeValues.fromValue(item.get(CHANGES)), ItemAttributes.optionalString(item, REQUEST_ID),
                Instant.parse(ItemAttributes.string(item, TIME)), Instant.parse(ItemAttributes.string(item, OCCURRED_AT)));
    }

    /** When {@code item} expires, if it says. */
    static Optional<Instant> expiresAt(Map<String, AttributeValue> item) {
        return ItemAttributes.optionalNumber(item, TableAttributes.TTL).map(Instant::ofEpochSecond);
    }

    private static TenantId tenantOf(String partition) {
        String prefix = "TENANT#";
        if (!partition.startsWith(prefix) || !partition.endsWith("#")) {
            throw new IllegalArgumentException("not a tenant's control partition: " + partition);
        }
        return TenantId.of(partition.substring(prefix.length(), partition.length() - 1));
    }

    private static AttributeValue target(Target target) {
        return AttributeValue.fromM(Map.of("type", AttributeValue.fromS(target.type()),
                "id", AttributeValue.fromS(target.id())));
    }
}
