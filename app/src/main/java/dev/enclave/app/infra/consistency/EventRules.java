package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.app.infra.consistency.Entity.ApiKeyEntity;
import dev.enclave.app.infra.consistency.Entity.EventEntity;
import dev.enclave.app.infra.consistency.Entity.EventHeadEntity;
import dev.enclave.app.infra.consistency.Entity.MembershipEntity;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The organisation's log against itself and its items: places without holes up to the head, and the event of every
 * member and API key that came after the oldest event kept (older ones may predate the log, or have expired).
 * Events past their expiry are left out: DynamoDB's TTL removes them in no particular order.
 */
final class EventRules {

    /** How far apart two instances' clocks may be: items this close to the oldest event are not judged. */
    static final Duration CLOCKS_APART = Duration.ofMinutes(1);

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
            Instant since = events.get(0).stored().event().time().plus(CLOCKS_APART);
            members(partition, events, since, violations);
            apiKeys(partition, events, since, violations);
        }
        return violations;
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

    private static void members(TenantItems partition, List<EventEntity> events, Instant since,
                                List<Violation> violations) {
        Set<String> added = targets(events, EventType.MEMBER_ADDED, "member");
        for (MembershipEntity member : partition.all(MembershipEntity.class)) {
            if (member.membership().joinedAt().isAfter(since) && !added.contains(member.membership().userId())) {
                violations.add(Violation.of(ViolationKind.EVENT_MISSING, partition.tenant(), member.item(),
                        "member without its member.added event"));
            }
        }
    }

    private static void apiKeys(TenantItems partition, List<EventEntity> events, Instant since,
                                List<Violation> violations) {
        Set<String> created = targets(events, EventType.API_KEY_CREATED, "api_key");
        for (ApiKeyEntity key : partition.all(ApiKeyEntity.class)) {
            if (key.key().createdAt().isAfter(since) && !created.contains(key.key().id().value())) {
                violations.add(Violation.of(ViolationKind.EVENT_MISSING, partition.tenant(), key.item(),
                        "API key without its api_key.created event"));
            }
        }
    }

    private static Set<String> targets(List<EventEntity> events, EventType type, String targetType) {
        return events.stream().map(entity -> entity.stored().event()).filter(event -> event.type().equals(type))
                .map(RecordedEvent::targets).flatMap(List::stream).filter(target -> target.type().equals(targetType))
                .map(Target::id).collect(Collectors.toSet());
    }
}
