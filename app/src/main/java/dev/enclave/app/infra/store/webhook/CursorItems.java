package dev.enclave.app.infra.store.webhook;

import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The hand-out cursor: the last place of the organisation's log whose deliveries were made. It moves only in the
 * transaction that makes them, conditional on where it was, so two workers never hand one place out twice.
 */
final class CursorItems {

    static final String PLACE = "place";

    private CursorItems() {
    }

    /**
     * Starts the cursor at {@code last} if the organisation's life {@code incarnation} has none (its first endpoint);
     * else leaves it. {@code stored} is the cursor item as read: one another life left (its deletion did not remove
     * it) is started again, never carried on, and only while it is still as read.
     */
    static Write startedAt(TenantId tenant, long last, Incarnation incarnation, Map<String, AttributeValue> stored) {
        boolean another = !stored.isEmpty() && !Incarnations.belongsTo(stored, incarnation);
        Expr.UpdateBuilder update = Expr.update()
                .set((another ? "#place = :last" : "#place = if_not_exists(#place, :last)")
                        + ", #type = :type, #tenant = :tenant, #life = :life")
                .name("#place", PLACE).number(":last", last).name("#type", "type").value(":type", "webhook_cursor")
                .name("#tenant", "tenant").value(":tenant", tenant.value())
                .name("#life", Incarnations.ATTRIBUTE).value(":life", incarnation.value());
        Expr asRead = another ? Expr.of("#stale = :stale").name("#stale", Incarnations.ATTRIBUTE)
                .value(":stale", Incarnations.of(stored).orElseThrow()) : Incarnations.writtenBy(incarnation);
        return new Write.Update(WebhookKeys.cursor(tenant), update.build(), Optional.of(asRead));
    }

    /**
     * Moves the cursor from {@code from} to {@code to}; refused unless it is still at {@code from} and still
     * {@code incarnation}'s (a hand-out that stalled across a deletion never moves its successor's cursor).
     */
    static Write moved(TenantId tenant, long from, long to, Incarnation incarnation) {
        return new Write.Update(WebhookKeys.cursor(tenant), Expr.update().set("#place = :to").name("#place", PLACE)
                .number(":to", to).build(), Optional.of(Expr.of("#place = :from").name("#place", PLACE)
                .number(":from", from).and(Incarnations.writtenBy(incarnation))));
    }

    /** Where the cursor stands, whichever life wrote it; empty when the organisation never had an endpoint. */
    static Optional<Long> place(Map<String, AttributeValue> item) {
        return ItemAttributes.optionalNumber(item, PLACE);
    }

    /** Where the cursor of {@code incarnation}'s log stands; empty when that life never had an endpoint. */
    static Optional<Long> placeIn(Map<String, AttributeValue> item, Incarnation incarnation) {
        return Optional.of(item).filter(cursor -> Incarnations.belongsTo(cursor, incarnation))
                .flatMap(CursorItems::place);
    }
}
