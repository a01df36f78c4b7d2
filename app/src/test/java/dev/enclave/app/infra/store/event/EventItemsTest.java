package dev.enclave.app.infra.store.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class EventItemsTest {

    private static final Instant AT = Instant.parse("2026-11-26T10:15:02.418273911Z");

    @Test
    void anEvent_roundTripsThroughItsItem_withItsPlaceInTheSortKey() {
        RecordedEvent event = new RecordedEvent(TenantId.of("acme"), new Incarnation("mhx3k2w1"), 42, "id-1",
                EventType.MEMBER_GROUPS_CHANGED, Actor.user("ada", Optional.of("ada@example.com")),
                List.of(Target.member("bob"), Target.service("billing")), Map.of("added", List.of("admin"),
                "seats", Map.of("before", 25L, "after", 40L), "ratio", new BigDecimal("0.5"), "left", true),
                Optional.of("req-1"), AT, AT.minusSeconds(5));

        Map<String, AttributeValue> item = EventItems.toItem(event, AT.plusSeconds(86_400));

        assertThat(item.get("PK").s()).isEqualTo("TENANT#acme#");
        assertThat(item.get("SK").s()).isEqualTo("EVENT#0000000000000000042");
        assertThat(item.get("expiresAt").n()).isEqualTo(Long.toString(AT.getEpochSecond() + 86_400));
        assertThat(item.get("targetPaths").ss()).containsExactlyInAnyOrder("member/bob", "service/billing");
        assertThat(EventItems.fromItem(item)).isEqualTo(event);
        assertThat(EventReads.EVENT.written(TenantId.of("acme"), EventReads.EVENT.read(item))).isEqualTo(item);
    }

    @Test
    void theHead_takesThePlaceAfterTheOneSeen_onlyWhileItIsTheOneSeen() {
        EventHead none = EventHead.of(Map.of());
        EventHead seen = new EventHead(7, Optional.of(new Incarnation("abc")), Optional.empty(), false);

        assertThat(none.take(TenantId.of("acme"), 1, new Incarnation("abc"), Optional.empty(), Optional.empty(), AT)
                .transactItem("t").update().conditionExpression()).isEqualTo("attribute_not_exists(#last)");
        assertThat(seen.take(TenantId.of("acme"), 2, new Incarnation("abc"), Optional.of(90), Optional.empty(), AT)
                .transactItem("t").update().expressionAttributeValues()).containsEntry(":next",
                        AttributeValue.fromN("9")).containsEntry(":seen", AttributeValue.fromN("7"))
                .containsEntry(":days", AttributeValue.fromN("90")).doesNotContainKey(":due");
        assertThat(seen.advanced(2, new Incarnation("abc"), Optional.of(90), Optional.empty()))
                .isEqualTo(new EventHead(9, Optional.of(new Incarnation("abc")), Optional.of(90), false));
    }

    @Test
    void aWatchedHead_putsTheLogOnTheDueDeliveriesIndex_dueSinceItsFirstEventNotHandedOut() {
        EventHead watched = new EventHead(7, Optional.of(new Incarnation("abc")), Optional.empty(), true);
        var update = watched.take(TenantId.of("acme"), 1, new Incarnation("abc"), Optional.empty(), Optional.empty(),
                AT).transactItem("t").update();
        assertThat(update.updateExpression()).contains("if_not_exists(#dueSk, :since)");
        assertThat(update.expressionAttributeValues()).containsEntry(":due",
                AttributeValue.fromS(dev.enclave.table.TableDesign.DUE_DELIVERIES));
        EventHead unwatched = watched.advanced(1, new Incarnation("abc"), Optional.empty(), Optional.of(false));
        assertThat(unwatched.watched()).isFalse();
        assertThat(unwatched.take(TenantId.of("acme"), 1, new Incarnation("abc"), Optional.empty(), Optional.empty(),
                AT).transactItem("t").update().expressionAttributeValues()).doesNotContainKey(":due");
    }
}
