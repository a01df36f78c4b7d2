package dev.enclave.app.infra.store.webhook;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.webhook.DeliveryVerdict;
import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.app.domain.webhook.WebhookEndpoints;
import dev.enclave.app.domain.webhook.WebhookEvents;
import dev.enclave.app.domain.webhook.WebhookSecret;
import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.PageCursors;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.event.LogHeads;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link WebhookEndpoints} in the organisation's control partition, on its scoped client. Creating and deleting an
 * endpoint are one transaction each with the organisation's endpoint count and the event; creating one also marks
 * the log watched, so every event from then on is handed to the endpoints. Secrets are sealed with the idempotency
 * seal, bound to the endpoint's key.
 */
@Singleton
@Requires(beans = {TenantDynamoDb.class, ResponseSeal.class})
record DynamoDbWebhookEndpoints(Store store, CheckedItems checked, ResponseSeal seal, PageCursors cursors)
        implements WebhookEndpoints {

    /** How often a create reads the hand-out cursor again when it changed meanwhile. */
    private static final int CURSOR_ATTEMPTS = 3;

    /** The writes of an endpoint's transactions. */
    enum Role implements WriteRole {
        ENDPOINT,
        /** The organisation's endpoint count: active, and (creating) below the maximum. */
        ENDPOINT_COUNT,
        /** The hand-out cursor, started where the new endpoint starts if the log had none. */
        CURSOR
    }

    @Override
    public CreateOutcome create(WebhookEndpoint endpoint, WebhookSecret secret, Organisation organisation,
                                int maximum) {
        for (int attempt = 1; ; attempt++) {
            Optional<CreateOutcome> created = tryCreate(endpoint, secret, organisation, maximum);
            if (created.isPresent()) {
                return created.get();
            }
            if (attempt == CURSOR_ATTEMPTS) {
                return CreateOutcome.CURSOR_KEPT_MOVING;
            }
        }
    }

    /** The endpoint created, or why not; empty when the cursor changed since it was read (read again and retry). */
    private Optional<CreateOutcome> tryCreate(WebhookEndpoint endpoint, WebhookSecret secret,
                                              Organisation organisation, int maximum) {
        TenantId tenant = organisation.id();
        List<Map<String, AttributeValue>> read = table(tenant).getAll(List.of(LogHeads.key(tenant),
                WebhookKeys.cursor(tenant)));
        long last = LogHeads.lastOf(found(read, LogHeads.key(tenant)), organisation.incarnation());
        WebhookEndpoint starting = endpoint.from(last + 1);
        Map<String, AttributeValue> item = new HashMap<>(EndpointItems.toItem(starting));
        item.put(EndpointItems.SECRET, AttributeValue.fromS(sealed(secret, WebhookKeys.endpoint(tenant,
                endpoint.id()))));
        TransactionOutcome outcome = table(tenant).transact(Transaction.builder()
                .writtenBy(organisation.incarnation())
                .create(Role.ENDPOINT, item)
                .add(Role.ENDPOINT_COUNT, OrganisationConditions.webhookAdded(organisation, maximum))
                .add(Role.CURSOR, CursorItems.startedAt(tenant, last, organisation.incarnation(),
                        found(read, WebhookKeys.cursor(tenant))))
                .records(new Transaction.Recording(List.of(WebhookEvents.created(starting, this::urlDigest)),
                        Optional.of(organisation.incarnation()), Optional.empty(), Optional.of(true)))
                .build());
        if (outcome.committed()) {
            return Optional.of(CreateOutcome.CREATED);
        }
        if (outcome.refused(Role.ENDPOINT_COUNT)) {
            Optional<Organisation> found = OrganisationReads.item(tenant).of(outcome.oldItem(Role.ENDPOINT_COUNT),
                    ReadScope.tenant(tenant), checked);
            boolean active = found.filter(held -> held.incarnation().equals(organisation.incarnation()))
                    .filter(held -> held.status() == OrganisationStatus.ACTIVE).isPresent();
            return Optional.of(active ? CreateOutcome.LIMIT_REACHED : CreateOutcome.ORGANISATION_NOT_ACTIVE);
        }
        if (outcome.refused(Role.CURSOR)) {
            return Optional.empty();
        }
        throw outcome.unexpected();
    }

    private String urlDigest(String url) {
        return cursors.digest("webhook-url", url);
    }

    /** The item at {@code key} among {@code items}; empty when there is none. */
    private static Map<String, AttributeValue> found(List<Map<String, AttributeValue>> items, ItemKey key) {
        return Optional.ofNullable(ScopedTable.at(items, key)).orElse(Map.of());
    }

    @Override
    public List<WebhookEndpoint> list(TenantId tenant, Incarnation in) {
        List<WebhookEndpoint> endpoints = new ArrayList<>(checked.all(ItemKind.WEBHOOK_ENDPOINT,
                ReadScope.organisation(tenant, in), table(tenant).queryAll(WebhookKeys.allEndpoints(tenant),
                        q -> q.consistentRead(true)), EndpointItems::fromItem));
        endpoints.sort(Comparator.comparing(WebhookEndpoint::createdAt));
        return endpoints;
    }

    @Override
    public Optional<WebhookEndpoint> find(TenantId tenant, WebhookEndpointId id) {
        ItemKey key = WebhookKeys.endpoint(tenant, id);
        var organisationRead = OrganisationReads.item(tenant);
        List<Map<String, AttributeValue>> items = table(tenant).getAll(List.of(key, organisationRead.key()));
        return organisationRead.in(items, ReadScope.tenant(tenant), checked)
                .flatMap(organisation -> checked.one(ItemKind.WEBHOOK_ENDPOINT,
                        ReadScope.organisation(tenant, organisation.incarnation()), ScopedTable.at(items, key),
                        EndpointItems::fromItem))
                .filter(endpoint -> endpoint.id().equals(id));
    }

    @Override
    public boolean change(WebhookEndpoint before, WebhookEndpoint after) {
        Expr.UpdateBuilder changes = Expr.update()
                .set("#url = :url, #description = :description, #types = :types, #enabled = :enabled")
                .set("#version = #version + :one").number(":one", 1)
                .name("#url", EndpointItems.URL).value(":url", after.url())
                .name("#description", EndpointItems.DESCRIPTION).value(":description", after.description())
                .name("#types", EndpointItems.TYPES).value(":types", EndpointItems.types(after.types()))
                .name("#enabled", EndpointItems.ENABLED).value(":enabled", AttributeValue.fromBool(after.enabled()))
                .name("#version", EndpointItems.VERSION);
        if (after.enabled()) {
            changes.remove("#disabledBy", "#failingSince").name("#disabledBy", EndpointItems.DISABLED_BY)
                    .name("#failingSince", EndpointItems.FAILING_SINCE);
        }
        answerable(changes, before, after);
        Expr update = changes.build();
        return table(before.tenant()).transact(Transaction.builder()
                .update(Role.ENDPOINT, WebhookKeys.endpoint(before.tenant(), before.id()), update, atVersion(before))
                .records(WebhookEvents.updated(before, after, this::urlDigest)).build()).committed();
    }

    /** {@code update}, also writing who keeps {@code after} and who chose its URL, where they changed. */
    private static Expr.UpdateBuilder answerable(Expr.UpdateBuilder update, WebhookEndpoint before,
                                                 WebhookEndpoint after) {
        after.keeper().filter(keeper -> !after.keeper().equals(before.keeper()))
                .ifPresent(keeper -> member(update, "keeper", keeper, EndpointItems.KEEPER));
        if (!after.pointedBy().equals(before.pointedBy())) {
            after.pointedBy().ifPresentOrElse(chooser -> member(update, "pointedBy", chooser,
                            EndpointItems.POINTED_BY), () -> update.remove("#pointedBy", "#pointedByUserId",
                            "#pointedByJoinedAt").name("#pointedBy", EndpointItems.POINTED_BY)
                    .name("#pointedByUserId", EndpointItems.POINTED_BY + EndpointItems.USER_ID)
                    .name("#pointedByJoinedAt", EndpointItems.POINTED_BY + EndpointItems.JOINED_AT));
        }
        return update;
    }

    /** {@code update}, also setting the member {@code who} at {@code attribute} (and its user id and joining). */
    private static void member(Expr.UpdateBuilder update, String placeholder, WebhookEndpoint.Keeper who,
                               String attribute) {
        String name = "#" + placeholder;
        String value = ":" + placeholder;
        update.set(name + " = " + value + ", " + name + "UserId = " + value + "UserId, " + name + "JoinedAt = "
                        + value + "JoinedAt")
                .name(name, attribute).value(value, who.member().digest())
                .name(name + "UserId", attribute + EndpointItems.USER_ID).value(value + "UserId", who.userId())
                .name(name + "JoinedAt", attribute + EndpointItems.JOINED_AT)
                .value(value + "JoinedAt", who.joinedAt().toString());
    }

    @Override
    public boolean delete(TenantId tenant, WebhookEndpointId id) {
        TransactionOutcome outcome = table(tenant).transact(Transaction.builder()
                .delete(Role.ENDPOINT, WebhookKeys.endpoint(tenant, id), Expr.exists())
                .add(Role.ENDPOINT_COUNT, OrganisationConditions.webhookRemoved(tenant))
                .records(WebhookEvents.deleted(id))
                .build());
        if (outcome.refused(Role.ENDPOINT)) {
            return false;
        }
        if (!outcome.committed()) {
            throw outcome.unexpected();
        }
        return true;
    }

    @Override
    public boolean rotate(WebhookEndpoint endpoint, WebhookSecret next, Instant previousUntil,
                          WebhookEndpoint.Keeper by) {
        ItemKey key = WebhookKeys.endpoint(endpoint.tenant(), endpoint.id());
        Expr update = answerable(Expr.update().set("#previous = #secret, #secret = :next, #until = :until")
                .set("#version = #version + :one").number(":one", 1)
                .name("#previous", EndpointItems.PREVIOUS_SECRET).name("#secret", EndpointItems.SECRET)
                .value(":next", sealed(next, key)).name("#until", EndpointItems.ROTATED_UNTIL)
                .value(":until", previousUntil.toString()).name("#version", EndpointItems.VERSION), endpoint,
                endpoint.rotatedBy(by)).build();
        return table(endpoint.tenant()).transact(Transaction.builder()
                .update(Role.ENDPOINT, key, update, atVersion(endpoint))
                .records(WebhookEvents.secretRotated(endpoint, previousUntil)).build()).committed();
    }

    @Override
    public Optional<ToSend> toSend(TenantId tenant, WebhookEndpointId id, Instant now) {
        ItemKey key = WebhookKeys.endpoint(tenant, id);
        return checked.one(ItemKind.WEBHOOK_ENDPOINT, ReadScope.tenant(tenant), table(tenant).get(key),
                found -> found).filter(item -> EndpointItems.fromItem(item).id().equals(id))
                .map(item -> {
                    WebhookEndpoint endpoint = EndpointItems.fromItem(item);
                    return new ToSend(endpoint, secrets(item, key, now), stillKept(endpoint, item));
                });
    }

    /**
     * Whether the endpoint's keeper, and the member who chose its URL when another, still keep it: their memberships
     * and the group definitions, in one read, of the organisation's life the endpoint was made in.
     */
    private boolean stillKept(WebhookEndpoint endpoint, Map<String, AttributeValue> item) {
        List<WebhookEndpoint.Keeper> answerable = endpoint.answerable();
        if (answerable.isEmpty()) {
            return true;
        }
        TenantId tenant = endpoint.tenant();
        List<ItemRead<Membership>> memberships = answerable.stream()
                .map(keeper -> MembershipReads.item(tenant, keeper.member())).toList();
        var definitions = MembershipReads.definitions(tenant);
        List<ItemKey> keys = new ArrayList<>(memberships.stream().map(ItemRead::key).distinct().toList());
        keys.add(definitions.key());
        List<Map<String, AttributeValue>> items = table(tenant).getAll(keys);
        Optional<String> life = Incarnations.of(item);
        if (life.filter(value -> value.matches(Incarnation.REGEX)).isEmpty() && life.isPresent()) {
            return false;
        }
        ReadScope scope = life.map(value -> ReadScope.organisation(tenant, new Incarnation(value)))
                .orElseGet(() -> ReadScope.tenant(tenant));
        GroupDefinitions now = definitions.in(items, scope, checked).orElse(GroupDefinitions.NONE);
        for (int i = 0; i < answerable.size(); i++) {
            if (!answerable.get(i).stillKeeps(memberships.get(i).in(items, scope, checked), now)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean lapsed(WebhookEndpoint endpoint) {
        return disabled(endpoint, WebhookEndpoint.KEEPER_LEFT);
    }

    private List<WebhookSecret> secrets(Map<String, AttributeValue> item, ItemKey key, Instant now) {
        List<WebhookSecret> secrets = new ArrayList<>();
        opened(item, EndpointItems.SECRET, key).ifPresent(secrets::add);
        boolean overlapping = EndpointItems.instant(item, EndpointItems.ROTATED_UNTIL).filter(now::isBefore)
                .isPresent();
        if (overlapping) {
            opened(item, EndpointItems.PREVIOUS_SECRET, key).ifPresent(secrets::add);
        }
        return secrets;
    }

    @Override
    public boolean settle(WebhookEndpoint endpoint, DeliveryVerdict.EndpointChange change, Instant now) {
        ItemKey key = WebhookKeys.endpoint(endpoint.tenant(), endpoint.id());
        return switch (change) {
            case NONE -> true;
            case RECOVERED -> table(endpoint.tenant()).update(key, Expr.update().remove("#since")
                    .name("#since", EndpointItems.FAILING_SINCE).build(), Expr.exists());
            case FAILING -> table(endpoint.tenant()).update(key, Expr.update()
                    .set("#since = if_not_exists(#since, :now)").name("#since", EndpointItems.FAILING_SINCE)
                    .value(":now", now.toString()).build(), Expr.exists());
            case DISABLE_GONE -> disabled(endpoint, WebhookEndpoint.GONE);
            case DISABLE_FAILING -> disabled(endpoint, WebhookEndpoint.FAILING);
        };
    }

    /** Disables the endpoint once, with its event; false when it was disabled or changed meanwhile. */
    private boolean disabled(WebhookEndpoint endpoint, String reason) {
        Expr update = Expr.update().set("#enabled = :off, #disabledBy = :reason, #version = #version + :one")
                .name("#enabled", EndpointItems.ENABLED).value(":off", AttributeValue.fromBool(false))
                .name("#disabledBy", EndpointItems.DISABLED_BY).value(":reason", reason)
                .name("#version", EndpointItems.VERSION).number(":one", 1).build();
        Expr stillEnabled = atVersion(endpoint).and(Expr.of("#enabled = :on").name("#enabled", EndpointItems.ENABLED)
                .value(":on", AttributeValue.fromBool(true)));
        return table(endpoint.tenant()).transact(Transaction.builder()
                .update(Role.ENDPOINT, WebhookKeys.endpoint(endpoint.tenant(), endpoint.id()), update, stillEnabled)
                .records(WebhookEvents.disabled(endpoint, reason)).build()).committed();
    }

    private static Expr atVersion(WebhookEndpoint endpoint) {
        return Expr.of("#version = :seen").name("#version", EndpointItems.VERSION).number(":seen", endpoint.version());
    }

    private String sealed(WebhookSecret secret, ItemKey key) {
        return seal.seal(secret.reveal(), recordKey(key));
    }

    private Optional<WebhookSecret> opened(Map<String, AttributeValue> item, String attribute, ItemKey key) {
        return Optional.ofNullable(item.get(attribute)).map(AttributeValue::s)
                .flatMap(sealed -> seal.open(sealed, recordKey(key))).map(WebhookSecret::of);
    }

    private static String recordKey(ItemKey key) {
        return key.partition() + "|" + key.sort();
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
