package dev.enclave.app.infra.store.event;

import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The log's head as the deliveries' store reads and settles it: the places its endpoints are owed. */
public final class LogHeads {

    private LogHeads() {
    }

    /** Where {@code tenant}'s head lives. */
    public static ItemKey key(TenantId tenant) {
        return EventKeys.head(tenant);
    }

    /** The head {@code item} holds; an empty item is a log with no event yet. */
    public static Head of(Map<String, AttributeValue> item) {
        EventHead head = EventHead.of(item);
        return new Head(head.last(), head.incarnation(), head.watched());
    }

    /**
     * The last place of {@code in}'s log as the head {@code item} holds it: 0 when it has none yet, or the head is one
     * another life of the organisation left.
     */
    public static long lastOf(Map<String, AttributeValue> item, Incarnation in) {
        return EventHead.of(item).ofLife(in).last();
    }

    /** Whether the head {@code item} is on the due-deliveries index: events its endpoints were not handed yet. */
    public static boolean handOutOwed(Map<String, AttributeValue> item) {
        return item.containsKey(TableDesign.BY_OWED_WORK.partitionKey());
    }

    /**
     * The write that takes the log off the due-deliveries index once its endpoints were handed every place up to
     * {@code last} (and, with {@code stillWatched} false, marks it unwatched); refused when another event came since,
     * or the log is another life's than {@code incarnation}.
     */
    public static Write settled(TenantId tenant, long last, Incarnation incarnation, boolean stillWatched) {
        Expr.UpdateBuilder update = Expr.update().remove("#duePk", "#dueSk")
                .name("#duePk", TableDesign.BY_OWED_WORK.partitionKey())
                .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey());
        if (!stillWatched) {
            update.set("#watched = :off").name("#watched", EventHead.WATCHED).value(":off",
                    AttributeValue.fromBool(false));
        }
        Expr unchanged = Expr.of("#last = :last").name("#last", EventHead.LAST).number(":last", last)
                .and(Incarnations.writtenBy(incarnation));
        return new Write.Update(key(tenant), update.build(), Optional.of(unchanged));
    }

    /**
     * A log's head.
     *
     * @param last    the last place taken
     * @param watched whether webhook endpoints watch it
     */
    public record Head(long last, Optional<Incarnation> incarnation, boolean watched) {
        public Head {
            Objects.requireNonNull(incarnation, "incarnation");
        }
    }
}
