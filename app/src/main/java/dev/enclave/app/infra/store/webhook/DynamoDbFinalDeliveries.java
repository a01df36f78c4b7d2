package dev.enclave.app.infra.store.webhook;

import dev.enclave.app.domain.webhook.Delivery;
import dev.enclave.app.domain.webhook.DeliveryId;
import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.domain.webhook.WebhookEndpoints;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.event.LogHeads;
import dev.enclave.app.infra.store.jobs.FinalDeliveries;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A deletion's final deliveries as the organisation's control partition holds them: the log's hand-out owed on its
 * head, and each endpoint's deliveries made since the deletion began, read strongly consistently, with the lease an
 * instance holds each untried one under.
 */
@Singleton
@Requires(beans = {TenantDynamoDb.class, WebhookEndpoints.class})
record DynamoDbFinalDeliveries(Store store, CheckedItems checked, WebhookEndpoints endpoints)
        implements FinalDeliveries {

    @Override
    public Optional<Untried> untried(TenantId tenant, Incarnation in, Instant since) {
        ScopedTable table = store.forTenant(tenant);
        if (LogHeads.handOutOwed(table.get(LogHeads.key(tenant)))) {
            return Optional.of(Untried.WAITING);
        }
        ReadScope scope = ReadScope.organisation(tenant, in);
        List<Map<String, AttributeValue>> untried = new ArrayList<>();
        for (WebhookEndpoint endpoint : endpoints.list(tenant, in)) {
            untried.addAll(untried(table, scope, WebhookKeys.deliveriesSince(tenant, endpoint.id(), since)));
        }
        return untried.isEmpty() ? Optional.empty() : Optional.of(new Untried(untried.stream()
                .map(DynamoDbFinalDeliveries::heldUntil).flatMap(Optional::stream).max(Comparator.naturalOrder())));
    }

    /** The items of the deliveries {@code since} selects that were never tried. */
    private List<Map<String, AttributeValue>> untried(ScopedTable table, ReadScope scope, Expr since) {
        List<Map<String, AttributeValue>> made = table.queryAll(since, q -> { });
        Set<DeliveryId> never = checked.all(ItemKind.WEBHOOK_DELIVERY, scope, made, DeliveryItems::fromItem)
                .stream().filter(delivery -> delivery.status() == Delivery.Status.PENDING
                        && delivery.attempts().isEmpty()).map(Delivery::id).collect(Collectors.toSet());
        return made.stream().filter(item -> never.contains(DeliveryItems.idOf(item))).toList();
    }

    private static Optional<Instant> heldUntil(Map<String, AttributeValue> item) {
        return Optional.ofNullable(item.get(DeliveryItems.LEASE_UNTIL)).filter(lease -> lease.n() != null)
                .map(lease -> Instant.ofEpochMilli(Long.parseLong(lease.n())));
    }
}
