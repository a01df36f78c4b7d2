package dev.enclave.app.infra.store.event;

import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The head of an organisation's log as last seen: the last place taken, the organisation's life that took it, the
 * organisation's own retention when a platform admin set one, and whether webhook endpoints watch the log. Taking
 * the next place is an update conditional on the place and the life seen, so two writers never take one place, a
 * place is taken only by a transaction that commits, and a head a deleted organisation's life left in a cache never
 * places an event of the next one. A watched log's head goes on the due-deliveries index with each event (and stays
 * there, due since the first event not yet handed to the endpoints, until the deliveries' worker has).
 *
 * @param last          the last place taken; 0 before the first event
 * @param incarnation   the organisation's life whose log this is; empty before the first event
 * @param retentionDays the organisation's retention, if set
 * @param watched       whether the organisation has webhook endpoints
 */
record EventHead(long last, Optional<Incarnation> incarnation, Optional<Integer> retentionDays, boolean watched) {

    static final String LAST = "last";
    static final String RETENTION_DAYS = "retentionDays";
    static final String WATCHED = "watched";

    /** The head as {@code item} holds it; an empty item is a log with no event yet. */
    static EventHead of(Map<String, AttributeValue> item) {
        return new EventHead(ItemAttributes.optionalNumber(item, LAST).orElse(0L),
                Incarnations.of(item).map(Incarnation::new),
                ItemAttributes.optionalNumber(item, RETENTION_DAYS).map(Long::intValue),
                Optional.ofNullable(item.get(WATCHED)).map(AttributeValue::bool).orElse(false));
    }

    /**
     * The head as the log of {@code in} sees it: a head another life of the organisation left (one its deletion did
     * not remove) is no head of this life's log, which starts again at place 1, with its own retention and webhooks.
     */
    EventHead ofLife(Incarnation in) {
        return incarnation.filter(stored -> !stored.equals(in)).isPresent()
                ? new EventHead(0, Optional.empty(), Optional.empty(), false) : this;
    }

    /** The head after {@code in} took the next {@code places} (and set what {@code recorded} sets). */
    EventHead advanced(int places, Incarnation in, Optional<Integer> retention, Optional<Boolean> watching) {
        EventHead own = ofLife(in);
        return new EventHead(own.last + places, Optional.of(in), retention.or(() -> own.retentionDays),
                watching.orElse(own.watched));
    }

    /**
     * The write by which {@code in} takes the next {@code places} (and sets what it sets), only while the head is as
     * seen; a head another life left is taken over, its retention and webhooks not carried into this life.
     */
    Write take(TenantId tenant, int places, Incarnation in, Optional<Integer> retention,
               Optional<Boolean> watching, Instant now) {
        EventHead own = ofLife(in);
        boolean takenOver = own != this;
        Expr.UpdateBuilder update = Expr.update().set("#last = :next, #incarnation = :incarnation")
                .name("#last", LAST).number(":next", own.last + places).name("#incarnation", Incarnations.ATTRIBUTE)
                .value(":incarnation", in.value());
        if (retention.isPresent()) {
            update.set("#retention = :days").name("#retention", RETENTION_DAYS).number(":days", retention.get());
        } else if (takenOver) {
            update.remove("#retention").name("#retention", RETENTION_DAYS);
        }
        if (watching.isPresent() || takenOver) {
            update.set("#watched = :watched").name("#watched", WATCHED)
                    .value(":watched", AttributeValue.fromBool(watching.orElse(false)));
        }
        if (watching.orElse(own.watched)) {
            update.set("#duePk = :due, #dueSk = " + (takenOver ? ":since" : "if_not_exists(#dueSk, :since)"))
                    .name("#duePk", TableDesign.BY_OWED_WORK.partitionKey()).value(":due", TableDesign.DUE_DELIVERIES)
                    .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey()).value(":since", SortableTime.format(now));
        } else if (takenOver) {
            update.remove("#duePk", "#dueSk").name("#duePk", TableDesign.BY_OWED_WORK.partitionKey())
                    .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey());
        }
        Expr asSeen = last == 0 ? Expr.of("attribute_not_exists(#last)").name("#last", LAST)
                : Expr.of("#last = :seen AND #incarnation = :seenLife").name("#last", LAST).number(":seen", last)
                .name("#incarnation", Incarnations.ATTRIBUTE)
                .value(":seenLife", incarnation.orElse(in).value());
        return new Write.Update(EventKeys.head(tenant), update.build(), Optional.of(asSeen));
    }
}
