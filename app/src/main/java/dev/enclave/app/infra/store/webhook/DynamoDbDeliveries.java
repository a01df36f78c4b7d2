package dev.enclave.app.infra.store.webhook;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.Events;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InviteToken;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.webhook.Deliveries;
import dev.enclave.app.domain.webhook.Delivery;
import dev.enclave.app.domain.webhook.DeliveryId;
import dev.enclave.app.domain.webhook.DeliveryVerdict;
import dev.enclave.app.domain.webhook.EventBodies;
import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.app.domain.webhook.WebhookEndpoints;
import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.DueLeases;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.Page;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.event.LogHeads;
import dev.enclave.app.infra.store.invitation.InvitationPostbox;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link Deliveries} and the worker's {@link DeliveryQueue} in the organisation's control partition, on its scoped
 * client; what is due is read from the due-deliveries index with the owed-work scope ({@code WORK#owed#}, read
 * only). Handing out a page of the log is one transaction: its deliveries and the cursor's move.
 */
@Singleton
@Requires(beans = {TenantDynamoDb.class, WebhookEndpoints.class, EventBodies.class, InvitationPostbox.class,
        ResponseSeal.class})
record DynamoDbDeliveries(Store store, CheckedItems checked, Events events, WebhookEndpoints endpoints,
                          EventBodies bodies, InvitationPostbox invitations, ResponseSeal seal)
        implements Deliveries, DeliveryQueue {

    private static final GuardScope DUE_WORK = GuardScope.of(Set.of(TableDesign.OWED_WORK), true);
    /** Events read per page of the log. */
    private static final int LOG_PAGE = 25;
    /** Deliveries made per transaction, with the cursor's move. */
    private static final int PER_TRANSACTION = 90;
    /** The most bytes of bodies a hand-out writes in one transaction, well below its 4 MB. */
    private static final long BYTES_PER_TRANSACTION = 2_000_000;
    /** The largest body a delivery carries, well below DynamoDB's 400 KB item. */
    private static final int LARGEST_BODY = 300_000;
    private static final int HAND_OUT_ROUNDS = 3;
    private static final Set<EventType> INVITATIONS_SENT = Set.of(EventType.INVITATION_SENT,
            EventType.INVITATION_RESENT);

    /** The writes of handing out and of a test delivery. */
    enum Role implements WriteRole { DELIVERY, CURSOR, ENDPOINT }

    @Override
    public List<Due> due(Instant now, int limit) {
        var index = TableDesign.BY_OWED_WORK;
        Page found = store.forScope(DUE_WORK).query(KeyConditions.indexBelow(index, TableDesign.DUE_DELIVERIES,
                SortableTime.format(now.plusMillis(1))), q -> q.indexName(index.indexName()).limit(limit));
        return checked.all(ItemKind.DUE_DELIVERY, ReadScope.dueDeliveries(), found.items(), DynamoDbDeliveries::due)
                .stream().flatMap(Optional::stream).toList();
    }

    private static Optional<Due> due(Map<String, AttributeValue> entry) {
        TenantId tenant = ReadScope.partitionTenant(entry).orElseThrow();
        String sortKey = ItemAttributes.sortKey(entry);
        Placed placed = new Placed(tenant, ItemKey.of(entry), ItemAttributes.optionalString(entry,
                TableDesign.BY_OWED_WORK.sortKey()).orElse(""));
        if (sortKey.equals(LogHeads.key(tenant).sort())) {
            return Optional.of(new HandOut(tenant));
        }
        Optional<InvitationId> invitation = InvitationPostbox.mailOf(sortKey);
        if (invitation.isPresent()) {
            return Optional.of(new Mail(tenant, invitation.get(), placed));
        }
        String[] parts = sortKey.split("#", -1);
        Optional<Due> attempt = sortKey.startsWith(WebhookKeys.DELIVERY_PREFIX) && parts.length >= 3
                ? WebhookEndpointId.parse(parts[1]).flatMap(endpoint -> DeliveryId.parse(parts[2])
                        .map(id -> new Attempt(tenant, endpoint, id))) : Optional.empty();
        return Optional.of(attempt.orElseGet(() -> new Unusable(tenant, placed)));
    }

    @Override
    public void setAside(Placed entry, Instant until) {
        String sortKey = TableDesign.BY_OWED_WORK.sortKey();
        store.forTenant(entry.tenant()).update(entry.item(), Expr.update().set("#asideSk = :until")
                        .name("#asideSk", sortKey).value(":until", SortableTime.format(until)).build(),
                Expr.of("#asidePk = :due AND #asideSk = :found")
                        .name("#asidePk", TableDesign.BY_OWED_WORK.partitionKey())
                        .value(":due", TableDesign.DUE_DELIVERIES).name("#asideSk", sortKey)
                        .value(":found", entry.dueAt()));
    }

    @Override
    public List<Delivery> handOut(TenantId tenant, Instant now) {
        List<Delivery> made = new ArrayList<>();
        for (int round = 0; round < HAND_OUT_ROUNDS; round++) {
            ScopedTable table = store.forTenant(tenant);
            List<Map<String, AttributeValue>> items = table.getAll(List.of(LogHeads.key(tenant),
                    WebhookKeys.cursor(tenant)));
            LogHeads.Head head = LogHeads.of(found(items, LogHeads.key(tenant)));
            if (head.incarnation().isEmpty()) {
                return made;
            }
            long cursor = CursorItems.placeIn(found(items, WebhookKeys.cursor(tenant)), head.incarnation().get())
                    .orElse(head.last());
            List<WebhookEndpoint> watching = endpoints.list(tenant, head.incarnation().get());
            long unwanted = unwantedUpTo(watching, head.last());
            if (unwanted > cursor) {
                if (!committed(tenant, head.incarnation().get(), cursor, unwanted, List.of())) {
                    return made;
                }
                cursor = unwanted;
            }
            Optional<Long> reached = handOut(tenant, head.incarnation().get(), cursor, head.last(), watching, now,
                    made);
            if (reached.isEmpty()) {
                return made;
            }
            Write.Update settled = (Write.Update) LogHeads.settled(tenant, head.last(), head.incarnation().get(),
                    !watching.isEmpty());
            if (table.update(settled.key(), settled.update(), settled.condition().orElseThrow())) {
                return made;
            }
        }
        return made;
    }

    /**
     * The last place no endpoint wants (each wants the places from the one after its creation), up to {@code last}:
     * the cursor moves past them in one write, not a page at a time, so an endpoint created after the log grew
     * unwatched is not made to wait for a walk over what nobody wants.
     */
    private static long unwantedUpTo(List<WebhookEndpoint> watching, long last) {
        return Math.min(last, watching.stream().mapToLong(endpoint -> endpoint.fromPlace() - 1).min().orElse(last));
    }

    /** The item at {@code key} among {@code items}; empty when there is none (a log or cursor not yet written, or gone). */
    private static Map<String, AttributeValue> found(List<Map<String, AttributeValue>> items, ItemKey key) {
        return Optional.ofNullable(ScopedTable.at(items, key)).orElse(Map.of());
    }

    /** Hands out places after {@code cursor} up to {@code last}; empty when another worker moved the cursor. */
    private Optional<Long> handOut(TenantId tenant, Incarnation in, long cursor, long last,
                                   List<WebhookEndpoint> watching, Instant now, List<Delivery> made) {
        long at = cursor;
        while (at < last) {
            Events.FeedPage page = events.feed(tenant, in, at, LOG_PAGE, Set.of());
            long to = page.reached() > at ? page.reached() : last;
            List<Delivery> batch = new ArrayList<>();
            long batchBytes = 0;
            for (RecordedEvent event : page.events()) {
                List<Delivery> forEvent = deliveries(event, watching, now);
                long eventBytes = bytes(forEvent);
                if (!batch.isEmpty() && (batch.size() + forEvent.size() > PER_TRANSACTION
                        || batchBytes + eventBytes > BYTES_PER_TRANSACTION)) {
                    long upTo = event.sequence() - 1;
                    if (!committed(tenant, in, at, upTo, batch)) {
                        return Optional.empty();
                    }
                    made.addAll(batch);
                    batch = new ArrayList<>();
                    batchBytes = 0;
                    at = upTo;
                }
                batch.addAll(forEvent);
                batchBytes += eventBytes;
            }
            if (!committed(tenant, in, at, to, batch)) {
                return Optional.empty();
            }
            made.addAll(batch);
            at = to;
        }
        return Optional.of(at);
    }

    /** What {@code deliveries}' bodies take in UTF-8 (a sealed body takes more: its share of the margin). */
    private static long bytes(List<Delivery> deliveries) {
        return deliveries.stream().mapToLong(delivery -> delivery.body().getBytes(StandardCharsets.UTF_8).length)
                .sum();
    }

    private List<Delivery> deliveries(RecordedEvent event, List<WebhookEndpoint> watching, Instant now) {
        List<WebhookEndpoint> wanting = watching.stream().filter(endpoint -> endpoint.wants(event)).toList();
        if (wanting.isEmpty()) {
            return List.of();
        }
        Optional<InviteToken> token = invitationToken(event);
        String whole = token.map(given -> bodies.withAcceptLink(event, given.value())).orElseGet(() -> bodies.of(event));
        String body = whole.getBytes(StandardCharsets.UTF_8).length > LARGEST_BODY ? bodies.of(withoutChanges(event))
                : whole;
        return wanting.stream().map(endpoint -> Delivery.due(event.organisation(), endpoint.id(),
                DeliveryId.ofEvent(now, event.sequence()), event.id(), event.type().value(), body, now))
                .map(delivery -> token.isPresent() ? delivery.carryingSecret() : delivery).toList();
    }

    /**
     * {@code event} with its changes left out, said so: an event recorded before app events were bounded in bytes
     * can be too large for a delivery item, and would stop its log's hand-outs for good; its receivers read the
     * changes from the feed.
     */
    private static RecordedEvent withoutChanges(RecordedEvent event) {
        return new RecordedEvent(event.organisation(), event.incarnation(), event.sequence(), event.id(),
                event.type(), event.actor(), event.targets(), Map.of("omitted", "too large to deliver; read the "
                + "event from the feed"), event.requestId(), event.time(), event.occurredAt());
    }

    /** The token of the invitation a sent or resent event is about, when the organisation delivers it by webhook. */
    private Optional<InviteToken> invitationToken(RecordedEvent event) {
        if (!INVITATIONS_SENT.contains(event.type())) {
            return Optional.empty();
        }
        return event.targets().stream().filter(target -> target.type().equals("invitation")).findFirst()
                .filter(target -> InvitationId.isValid(target.id()))
                .flatMap(target -> invitations.webhookToken(event.organisation(), new InvitationId(target.id())));
    }

    private Map<String, AttributeValue> toItem(Delivery delivery) {
        Map<String, AttributeValue> item = DeliveryItems.toItem(delivery);
        if (!delivery.secret()) {
            return item;
        }
        Map<String, AttributeValue> sealed = new java.util.HashMap<>(item);
        sealed.put(DeliveryItems.BODY, AttributeValue.fromS(seal.seal(delivery.body(), recordKey(delivery))));
        return sealed;
    }

    /** The delivery with its body opened, when it is sealed; empty when no key opens it. */
    private Optional<Delivery> opened(Delivery delivery) {
        if (!delivery.secret()) {
            return Optional.of(delivery);
        }
        return seal.open(delivery.body(), recordKey(delivery)).map(body -> new Delivery(delivery.tenant(),
                delivery.endpoint(), delivery.id(), delivery.eventId(), delivery.eventType(), body, true,
                delivery.status(), delivery.attempts(), delivery.nextAttemptAt(), delivery.createdAt()));
    }

    private static String recordKey(Delivery delivery) {
        var key = WebhookKeys.delivery(delivery.tenant(), delivery.endpoint(), delivery.id());
        return key.partition() + "|" + key.sort();
    }

    private boolean committed(TenantId tenant, Incarnation in, long from, long to, List<Delivery> deliveries) {
        Transaction.Builder transaction = Transaction.builder().writtenBy(in);
        deliveries.forEach(delivery -> transaction.create(Role.DELIVERY, toItem(delivery)));
        transaction.add(Role.CURSOR, CursorItems.moved(tenant, from, to, in));
        TransactionOutcome outcome = store.forTenant(tenant).transact(transaction.build());
        if (outcome.committed()) {
            return true;
        }
        if (outcome.refused(Role.CURSOR)) {
            return false;
        }
        throw outcome.unexpected();
    }

    @Override
    public Optional<Delivery> take(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id, String holder,
                                   Instant now, Duration lease) {
        Expr taken = DueLeases.taken(DeliveryItems.HOLDER, DeliveryItems.LEASE_UNTIL, holder, now.plus(lease));
        Expr takeable = Expr.of("#status = :pending").name("#status", DeliveryItems.STATUS)
                .value(":pending", Delivery.Status.PENDING.name())
                .and(DueLeases.takeable(DeliveryItems.LEASE_UNTIL, now));
        return store.forTenant(tenant).updateReturning(WebhookKeys.delivery(tenant, endpoint, id), taken, takeable)
                .updated().flatMap(item -> checked.one(ItemKind.WEBHOOK_DELIVERY, ReadScope.tenant(tenant), item,
                        DeliveryItems::fromItem)).flatMap(this::opened);
    }

    @Override
    public boolean settle(Delivery delivery, String holder, Delivery.Attempt attempt, DeliveryVerdict verdict) {
        List<Delivery.Attempt> attempts = new ArrayList<>(delivery.attempts());
        attempts.add(attempt);
        Expr.UpdateBuilder update = verdict.next().map(DeliveryItems::dueAt).orElseGet(() -> Expr.update()
                .set("#status = :status").name("#status", DeliveryItems.STATUS)
                .value(":status", verdict.status().name()).remove("#next", "#duePk", "#dueSk")
                .name("#next", DeliveryItems.NEXT_ATTEMPT_AT)
                .name("#duePk", TableDesign.BY_OWED_WORK.partitionKey())
                .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey()));
        update.set("#attempts = :attempts").name("#attempts", DeliveryItems.ATTEMPTS)
                .value(":attempts", DeliveryItems.attempts(attempts)).remove("#holder", "#lease")
                .name("#holder", DeliveryItems.HOLDER).name("#lease", DeliveryItems.LEASE_UNTIL);
        Expr held = Expr.of("#holder = :me").name("#holder", DeliveryItems.HOLDER).value(":me", holder);
        return store.forTenant(delivery.tenant()).update(WebhookKeys.delivery(delivery.tenant(),
                delivery.endpoint(), delivery.id()), update.build(), held);
    }

    @Override
    public DeliveryPage list(TenantId tenant, WebhookEndpointId endpoint, Optional<DeliveryId> before, int limit) {
        Optional<Map<String, AttributeValue>> start = before.map(id -> WebhookKeys.delivery(tenant, endpoint, id)
                .asMap());
        Page page = store.forTenant(tenant).query(WebhookKeys.allDeliveries(tenant, endpoint), q -> q
                .consistentRead(true).scanIndexForward(false).limit(limit).exclusiveStartKey(start.orElse(null)));
        List<Delivery> deliveries = checked.all(ItemKind.WEBHOOK_DELIVERY, ReadScope.tenant(tenant), page.items(),
                DeliveryItems::fromItem);
        Optional<DeliveryId> next = page.next().isPresent() && !page.items().isEmpty()
                ? Optional.of(DeliveryItems.idOf(page.items().get(page.items().size() - 1))) : Optional.empty();
        return new DeliveryPage(deliveries, next);
    }

    @Override
    public boolean retry(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id, Instant now) {
        Expr notInFlight = Expr.exists().and(Expr.of("#status <> :pending OR attribute_not_exists(#lease) "
                        + "OR #lease < :nowMillis").name("#status", DeliveryItems.STATUS)
                .value(":pending", Delivery.Status.PENDING.name()).name("#lease", DeliveryItems.LEASE_UNTIL)
                .number(":nowMillis", now.toEpochMilli()));
        return dueAgain(store.forTenant(tenant), WebhookKeys.delivery(tenant, endpoint, id), now, notInFlight);
    }

    /** Makes the failed deliveries of {@code items} due now, a transaction for up to a transaction's room of them. */
    private int recovered(ScopedTable table, TenantId tenant, WebhookEndpointId endpoint,
                          List<Map<String, AttributeValue>> items, Instant now) {
        Expr failed = Expr.of("#status = :failed").name("#status", DeliveryItems.STATUS)
                .value(":failed", Delivery.Status.FAILED.name());
        List<ItemKey> failures = checked.all(ItemKind.WEBHOOK_DELIVERY, ReadScope.tenant(tenant), items,
                DeliveryItems::fromItem).stream().filter(delivery -> delivery.status() == Delivery.Status.FAILED)
                .map(delivery -> WebhookKeys.delivery(tenant, endpoint, delivery.id())).toList();
        int recovered = 0;
        for (int start = 0; start < failures.size(); start += Transaction.MAX_CHANGE_WRITES) {
            recovered += dueAgain(table, failures.subList(start, Math.min(failures.size(),
                    start + Transaction.MAX_CHANGE_WRITES)), now, failed);
        }
        return recovered;
    }

    /**
     * Makes the delivery at {@code key} due now, if {@code condition} holds: a transaction of its own, so it carries
     * the checks of the request's actor and of the organisation being active ({@code ScopedTable#transact}), and a
     * member removed or an organisation suspended while the request was in flight makes nothing due.
     */
    private static boolean dueAgain(ScopedTable table, ItemKey key, Instant now, Expr condition) {
        return dueAgain(table, List.of(key), now, condition) == 1;
    }

    /**
     * {@link #dueAgain(ScopedTable, ItemKey, Instant, Expr)} for each of {@code keys}, in one transaction; when one
     * of them no longer holds (another recovery made it due), one at a time. How many it made due.
     */
    private static int dueAgain(ScopedTable table, List<ItemKey> keys, Instant now, Expr condition) {
        Transaction.Builder writes = Transaction.builder();
        keys.forEach(key -> writes.update(Role.DELIVERY, key, dueNow(now), condition));
        if (table.transact(writes.build()).committed()) {
            return keys.size();
        }
        return keys.size() == 1 ? 0 : keys.stream().mapToInt(key -> dueAgain(table, List.of(key), now, condition))
                .sum();
    }

    @Override
    public Recovery recover(TenantId tenant, WebhookEndpointId endpoint, Instant since, Optional<DeliveryId> after,
                            Instant now) {
        ScopedTable table = store.forTenant(tenant);
        Optional<Map<String, AttributeValue>> start = after.map(id -> WebhookKeys.delivery(tenant, endpoint, id)
                .asMap());
        int read = 0;
        int recovered = 0;
        while (true) {
            Optional<Map<String, AttributeValue>> from = start;
            int pageSize = Math.min(LOG_PAGE * 4, RECOVERED_PER_CALL - read);
            Page page = table.query(WebhookKeys.deliveriesSince(tenant, endpoint, since), q -> q.consistentRead(true)
                    .limit(pageSize).exclusiveStartKey(from.orElse(null)));
            read += page.items().size();
            recovered += recovered(table, tenant, endpoint, page.items(), now);
            if (page.next().isEmpty() || page.items().isEmpty()) {
                return new Recovery(recovered, Optional.empty());
            }
            if (read >= RECOVERED_PER_CALL) {
                return new Recovery(recovered, Optional.of(DeliveryItems.idOf(page.items().get(page.items().size()
                        - 1))));
            }
            start = page.next();
        }
    }

    @Override
    public void add(Delivery delivery, Organisation organisation) {
        TransactionOutcome outcome = store.forTenant(delivery.tenant()).transact(Transaction.builder()
                .writtenBy(organisation.incarnation())
                .create(Role.DELIVERY, toItem(delivery))
                .check(Role.ENDPOINT, WebhookKeys.endpoint(delivery.tenant(), delivery.endpoint()), Expr.exists())
                .build());
        if (!outcome.committed() && !outcome.refused(Role.ENDPOINT)) {
            throw outcome.unexpected();
        }
    }

    private static Expr dueNow(Instant now) {
        return DeliveryItems.dueAt(now).remove("#holder", "#lease").name("#holder", DeliveryItems.HOLDER)
                .name("#lease", DeliveryItems.LEASE_UNTIL).build();
    }
}
