package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.app.infra.consistency.Entity.ApiKeyEntity;
import dev.enclave.app.infra.consistency.Entity.EventEntity;
import dev.enclave.app.infra.consistency.Entity.EventHeadEntity;
import dev.enclave.app.infra.consistency.Entity.InvitationEntity;
import dev.enclave.app.infra.consistency.Entity.MembershipEntity;
import dev.enclave.app.infra.consistency.Entity.WebhookEndpointEntity;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The organisation's log against itself and its items: places without holes up to the head, the event of every
 * member, API key, invitation and webhook endpoint that came after the oldest event kept (older ones may predate the
 * log, or have expired), and what happens once to an invitation or a key recorded once.
 * Events past their expiry are left out: DynamoDB's TTL removes them in no particular order.
 */
final class EventRules {

    /** How far apart two instances' clocks may be: items this close to the oldest event are not judged. */
    static final Duration CLOCKS_APART = Duration.ofMinutes(1);

    /** The event types that happen once per target, by what they record of it ({@code target type:outcome}). */
    private static final Map<Set<EventType>, String> ONCE = Map.of(
            Set.of(EventType.INVITATION_SENT), "invitation:sent",
            Set.of(EventType.INVITATION_ACCEPTED, EventType.INVITATION_DECLINED, EventType.INVITATION_REVOKED,
                    EventType.INVITATION_EXPIRED), "invitation:closed",
            Set.of(EventType.API_KEY_CREATED), "api_key:created",
            Set.of(EventType.API_KEY_USED_FIRST), "api_key:used_first",
            Set.of(EventType.API_KEY_REVOKED), "api_key:revoked");

    private EventRules() {
    }

    static List<Violation> check(TenantItems partition) {
        List<Violation> violations = new ArrayList<>();
        Instant now = Instant.now();
        List<EventEntity> events = partition.all(EventEntity.class).stream()
                .filter(entity -> entity.stored().expiresAt().filter(expiry -> expiry.isBefore(now)).isEmpty())
                .sorted(Comparator.comparingLong(entity -> entity.stored().event().sequence())).toList();
        Optional<EventHeadEntity> head = partition.all(EventHeadEntity.class).stream().findFirst();
        places(partition.tenant(), events, head, violations);
        if (!events.isEmpty()) {
            Instant since = since(events, now);
            made(partition, events, since, violations);
        }
        once(partition, events, violations);
        return violations;
    }

    /**
     * From when an item must still have its event: after the oldest event kept, and within the shortest retention
     * the kept events were written with (a retention lowered since makes newer events expire before older ones).
     */
    private static Instant since(List<EventEntity> events, Instant now) {
        Instant oldest = events.get(0).stored().event().time();
        Instant withinRetention = events.stream().flatMap(entity -> entity.stored().expiresAt()
                        .map(expiry -> Duration.between(entity.stored().event().time(), expiry)).stream())
                .min(Comparator.naturalOrder()).map(now::minus).orElse(oldest);
        return (withinRetention.isAfter(oldest) ? withinRetention : oldest).plus(CLOCKS_APART);
    }

    private static void places(TenantId tenant, List<EventEntity> events, Optional<EventHeadEntity> head,
                               List<Violation> violations) {
        if (events.isEmpty()) {
            return;
        }
        long last = head.map(EventHeadEntity::last).orElse(0L);
        long expected = events.get(0).stored().event().sequence();
        for (EventEntity entity : events) {
            long place = entity.stored().event().sequence();
            if (place > last) {
                violations.add(Violation.of(ViolationKind.EVENT_LOG_GAP, tenant, entity.item(),
                        "event at place " + place + " beyond the log's head (" + last + ")"));
            } else if (place != expected) {
                violations.add(Violation.of(ViolationKind.EVENT_LOG_GAP, tenant, entity.item(),
                        "places " + expected + " to " + (place - 1) + " have no event"));
            }
            expected = place + 1;
        }
        if (expected <= last) {
            violations.add(Violation.of(ViolationKind.EVENT_LOG_GAP, tenant, events.get(events.size() - 1).item(),
                    "places " + expected + " to " + last + " have no event"));
        }
    }

    /**
     * Every member has a {@code member.added} of its own membership (not of an earlier one it left), and every API
     * key, invitation and webhook endpoint that came after the oldest event kept has the event that made it.
     */
    private static void made(TenantItems partition, List<EventEntity> events, Instant since,
                             List<Violation> violations) {
        for (MembershipEntity member : partition.all(MembershipEntity.class)) {
            if (member.membership().joinedAt().isAfter(since)
                    && !lastWasAdded(events, member.membership().userId())) {
                missing(partition, member.item(), "member without the member.added event of its joining", violations);
            }
        }
        madeWithItsEvent(partition, events, since, ApiKeyEntity.class, key -> key.key().createdAt(),
                key -> key.key().id().value(), EventType.API_KEY_CREATED, "api_key", violations);
        madeWithItsEvent(partition, events, since, InvitationEntity.class, found -> found.invitation().createdAt(),
                found -> found.invitation().id().value(), EventType.INVITATION_SENT, "invitation", violations);
        madeWithItsEvent(partition, events, since, WebhookEndpointEntity.class, found -> found.endpoint().createdAt(),
                found -> found.endpoint().id().value(), EventType.WEBHOOK_ENDPOINT_CREATED, "webhook_endpoint",
                violations);
    }

    /** Each {@code kind} made after {@code since} is the target of a {@code made} event. */
    private static <T extends Entity> void madeWithItsEvent(TenantItems partition, List<EventEntity> events,
                                                            Instant since, Class<T> kind,
                                                            Function<T, Instant> createdAt, Function<T, String> id,
                                                            EventType made, String targetType,
                                                            List<Violation> violations) {
        Set<String> recorded = targets(events, made, targetType);
        partition.all(kind).stream().filter(entity -> createdAt.apply(entity).isAfter(since))
                .filter(entity -> !recorded.contains(id.apply(entity)))
                .forEach(entity -> missing(partition, entity.item(), targetType.replace('_', ' ')
                        + " without its " + made.value() + " event", violations));
    }

    /**
     * Whether the member's last {@code member.added} or {@code member.removed}, in the log's order, is an addition:
     * a member who left and joined again without its event still has the first joining's.
     */
    private static boolean lastWasAdded(List<EventEntity> events, String userId) {
        Target member = Target.member(userId);
        return events.stream().map(entity -> entity.stored().event())
                .filter(event -> event.type().equals(EventType.MEMBER_ADDED)
                        || event.type().equals(EventType.MEMBER_REMOVED))
                .filter(event -> event.targets().contains(member))
                .reduce((first, second) -> second).filter(last -> last.type().equals(EventType.MEMBER_ADDED))
                .isPresent();
    }

    private static void missing(TenantItems partition, TableItem item, String what, List<Violation> violations) {
        violations.add(Violation.of(ViolationKind.EVENT_MISSING, partition.tenant(), item, what));
    }

    /**
     * What happens once to its target, whatever retries and instances: an invitation is sent and closed once, an API
     * key created, first used and revoked once (their ids are never used again).
     */
    private static void once(TenantItems partition, List<EventEntity> events, List<Violation> violations) {
        Map<String, List<EventEntity>> byOutcome = new HashMap<>();
        for (EventEntity entity : events) {
            RecordedEvent event = entity.stored().event();
            Optional<String> outcome = ONCE.entrySet().stream().filter(kind -> kind.getKey().contains(event.type()))
                    .map(Map.Entry::getValue).findFirst();
            outcome.ifPresent(name -> event.targets().stream().filter(target -> target.type().equals(
                    name.substring(0, name.indexOf(':')))).forEach(target -> byOutcome.computeIfAbsent(
                    name + "/" + target.id(), unused -> new ArrayList<>()).add(entity)));
        }
        byOutcome.forEach((what, happened) -> happened.stream().skip(1).forEach(again -> violations.add(
                Violation.of(ViolationKind.EVENT_REPEATED, partition.tenant(), again.item(), what + " recorded "
                        + happened.size() + " times"))));
    }


    private static Set<String> targets(List<EventEntity> events, EventType type, String targetType) {
        return events.stream().map(entity -> entity.stored().event()).filter(event -> event.type().equals(type))
                .map(RecordedEvent::targets).flatMap(List::stream).filter(target -> target.type().equals(targetType))
                .map(Target::id).collect(Collectors.toSet());
    }
}
