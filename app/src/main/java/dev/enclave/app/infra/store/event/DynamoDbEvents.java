package dev.enclave.app.infra.store.event;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.Events;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.Page;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link Events} on the organisation's control partition: key order is log order, so a feed page is one strongly
 * consistent Query forward from the cursor's place, and the audit log one or more backward, filtered by DynamoDB.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbEvents(Store store, CheckedItems checked) implements Events {

    /** How many Queries one audit-log page reads at most, when its filters match few events. */
    static final int AUDIT_QUERIES = 10;

    @Override
    public FeedPage feed(TenantId organisation, Incarnation incarnation, long after, int limit,
                         Set<EventType> types) {
        Expr range = Expr.of("#pk = :pk AND #sk BETWEEN :from AND :to")
                .name("#pk", TableAttributes.PARTITION_KEY).value(":pk", ItemKey.tenantPartition(organisation))
                .name("#sk", TableAttributes.SORT_KEY).value(":from", EventKeys.sortKey(after + 1))
                .value(":to", EventKeys.PAST_LAST);
        Page page = store.forTenant(organisation).query(range, q -> q.limit(limit).consistentRead(true));
        List<Map<String, AttributeValue>> ofThisLife = page.items().stream()
                .takeWhile(item -> Incarnations.belongsTo(item, incarnation)).toList();
        List<RecordedEvent> read = events(organisation, incarnation, ofThisLife);
        long reached = ofThisLife.isEmpty() ? after
                : EventKeys.sequenceOf(ofThisLife.get(ofThisLife.size() - 1).get(TableAttributes.SORT_KEY).s());
        return new FeedPage(read.stream().filter(event -> types.isEmpty() || types.contains(event.type())).toList(),
                reached);
    }

    @Override
    public AuditPage auditLog(TenantId organisation, Incarnation incarnation, AuditQuery query) {
        List<RecordedEvent> found = new ArrayList<>();
        Optional<Long> before = query.before().or(() -> query.to().flatMap(to -> LogWindow.endBefore(to,
                (lowest, highest) -> newest(organisation, incarnation, lowest, highest))));
        for (int round = 0; round < AUDIT_QUERIES && found.size() < query.limit(); round++) {
            if (before.filter(place -> place <= 1).isPresent()) {
                before = Optional.empty();
                break;
            }
            Page page = backward(organisation, query, before, query.limit() - found.size());
            List<RecordedEvent> read = events(organisation, incarnation, page.items());
            List<RecordedEvent> inWindow = read.stream().takeWhile(event -> query.from()
                    .filter(from -> LogWindow.endsWindow(event, from)).isEmpty()).toList();
            found.addAll(inWindow);
            before = inWindow.size() < read.size() ? Optional.empty()
                    : page.next().map(key -> EventKeys.sequenceOf(key.get(TableAttributes.SORT_KEY).s()));
            if (before.isEmpty()) {
                break;
            }
        }
        return new AuditPage(found, before);
    }

    /** The newest event at a place in {@code (lowest, highest]}: one strongly consistent Query of one item. */
    private Optional<RecordedEvent> newest(TenantId organisation, Incarnation incarnation, long lowest,
                                           long highest) {
        Page page = store.forTenant(organisation).query(Expr.of("#pk = :pk AND #sk BETWEEN :lowest AND :highest")
                .name("#pk", TableAttributes.PARTITION_KEY).value(":pk", ItemKey.tenantPartition(organisation))
                .name("#sk", TableAttributes.SORT_KEY).value(":lowest", EventKeys.sortKey(lowest + 1))
                .value(":highest", EventKeys.sortKey(highest)), q -> q.scanIndexForward(false).limit(1)
                .consistentRead(true));
        return events(organisation, incarnation, page.items()).stream().findFirst();
    }

    @Override
    public PlatformPage platformActions(int limit, Optional<String> after) {
        Page page = store.forScope(GuardScope.ownEntries(new LeadingKeyPrefix(TableDesign.PLATFORM_ACTIONS)))
                .query(KeyConditions.index(TableDesign.BY_USER, TableDesign.PLATFORM_ACTIONS), q -> {
                    q.indexName(TableDesign.BY_USER.indexName()).scanIndexForward(false).limit(limit);
                    after.ifPresent(position -> q.exclusiveStartKey(EventItems.platformKey(position)));
                });
        return new PlatformPage(checked.all(ItemKind.EVENT, ReadScope.platformActions(), page.items(),
                EventItems::fromItem), page.next().map(key -> key.get(TableDesign.BY_USER.sortKey()).s()));
    }

    /** Reads newest first below {@code before} (above 1: DynamoDB refuses a BETWEEN whose bounds are reversed). */
    private Page backward(TenantId organisation, AuditQuery query, Optional<Long> before, int limit) {
        Expr range = Expr.of("#pk = :pk AND #sk BETWEEN :lowest AND :highest")
                .name("#pk", TableAttributes.PARTITION_KEY).value(":pk", ItemKey.tenantPartition(organisation))
                .name("#sk", TableAttributes.SORT_KEY).value(":lowest", EventKeys.sortKey(1))
                .value(":highest", before.map(place -> EventKeys.sortKey(place - 1)).orElse(EventKeys.PAST_LAST));
        Optional<Expr> filter = AuditFilters.of(query);
        Expr all = filter.map(range::withPlaceholdersOf).orElse(range);
        return store.forTenant(organisation).query(all, q -> {
            q.scanIndexForward(false).limit(limit).consistentRead(true);
            filter.ifPresent(f -> q.filterExpression(f.text()));
        });
    }

    private List<RecordedEvent> events(TenantId organisation, Incarnation incarnation,
                                       List<Map<String, AttributeValue>> items) {
        return checked.all(ItemKind.EVENT, ReadScope.organisation(organisation, incarnation), items,
                EventItems::fromItem);
    }
}
