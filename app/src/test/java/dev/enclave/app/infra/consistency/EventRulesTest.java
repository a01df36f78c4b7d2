package dev.enclave.app.infra.consistency;

import static dev.enclave.app.infra.consistency.HealthyTable.ACME;
import static dev.enclave.app.infra.consistency.HealthyTable.ADA;
import static dev.enclave.app.infra.consistency.HealthyTable.BOB;
import static dev.enclave.app.infra.consistency.HealthyTable.BOB_INVITED;
import static dev.enclave.app.infra.consistency.HealthyTable.CLEO_INVITED;
import static dev.enclave.app.infra.consistency.HealthyTable.NOW;
import static dev.enclave.app.infra.consistency.HealthyTable.ORGANISATION;
import static dev.enclave.app.infra.consistency.HealthyTable.PARTITION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.infra.store.event.EventReads;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The organisation's log against itself and its items: holes, events beyond the head, members, keys and invitations
 * without theirs, what happens once recorded twice.
 */
class EventRulesTest {

    private static final Instant LOG_STARTED = NOW.minus(Duration.ofHours(1));

    private final HealthyTable table = new HealthyTable();

    @Test
    void aLogAsEnclaveWritesIt_findsNothing() {
        logOf(event(1, EventType.MEMBER_ADDED, Target.member(ADA.userId())),
                event(2, EventType.INVITATION_SENT, Target.invitation(BOB_INVITED.id().value())),
                event(3, EventType.INVITATION_ACCEPTED, Target.invitation(BOB_INVITED.id().value())),
                event(4, EventType.MEMBER_ADDED, Target.member(BOB.userId())),
                event(5, EventType.API_KEY_CREATED, Target.apiKey("workerkeyaaaaaaa")),
                event(6, EventType.INVITATION_SENT, Target.invitation(CLEO_INVITED.id().value())));

        assertThat(Invariants.check(table.items()).violations()).isEmpty();
    }

    @Test
    void aPlaceWithoutItsEvent_orAnEventBeyondTheHead_isAGap() {
        logOf(event(1, EventType.MEMBER_ADDED, Target.member(ADA.userId())),
                event(2, EventType.MEMBER_ADDED, Target.member(BOB.userId())),
                event(3, EventType.API_KEY_CREATED, Target.apiKey("workerkeyaaaaaaa")),
                event(4, EventType.SERVICE_CREATED, Target.service("billing")));
        table.remove("EVENT#0000000000000000003").put(head(5))
                .put(stored(event(6, EventType.SERVICE_DELETED, Target.service("gone"))));

        List<Violation> gaps = Invariants.check(table.items()).violations().stream()
                .filter(violation -> violation.kind() == ViolationKind.EVENT_LOG_GAP).toList();

        assertThat(gaps).extracting(Violation::detail).containsExactly("places 3 to 3 have no event",
                "event at place 6 beyond the log's head (5)");
    }

    @Test
    void expiredEvents_thatTtlRemovesInNoOrder_leaveNoGap() {
        logOf(event(1, EventType.SERVICE_CREATED, Target.service("old")),
                event(2, EventType.SERVICE_CREATED, Target.service("older")),
                event(3, EventType.MEMBER_ADDED, Target.member(ADA.userId())),
                event(4, EventType.MEMBER_ADDED, Target.member(BOB.userId())),
                event(5, EventType.API_KEY_CREATED, Target.apiKey("workerkeyaaaaaaa")),
                event(6, EventType.INVITATION_SENT, Target.invitation(BOB_INVITED.id().value())),
                event(7, EventType.INVITATION_SENT, Target.invitation(CLEO_INVITED.id().value())));
        table.put(EventReads.EVENT.written(ACME, new EventReads.StoredEvent(event(1, EventType.SERVICE_CREATED,
                Target.service("old")), Optional.of(Instant.now().minusSeconds(60)))))
                .remove("EVENT#0000000000000000002");

        assertThat(Invariants.check(table.items()).violations()).isEmpty();
    }

    @Test
    void aMemberWhoCameAfterTheLogBegan_withoutTheirEvent_isMissingIt() {
        logOf(event(1, EventType.MEMBER_ADDED, Target.member(ADA.userId())),
                event(2, EventType.API_KEY_CREATED, Target.apiKey("workerkeyaaaaaaa")),
                event(3, EventType.INVITATION_SENT, Target.invitation(BOB_INVITED.id().value())),
                event(4, EventType.INVITATION_SENT, Target.invitation(CLEO_INVITED.id().value())));

        List<Violation> violations = Invariants.check(table.items()).violations();

        assertThat(violations).singleElement().satisfies(violation -> {
            assertThat(violation.kind()).isEqualTo(ViolationKind.EVENT_MISSING);
            assertThat(violation.key()).isEqualTo(PARTITION + " " + HealthyTable.sortKey(
                    HealthyTable.membershipItem(BOB, new OrganisationName(ORGANISATION.name(),
                            ORGANISATION.version()))));
        });
    }

    @Test
    void anInvitationSentAfterTheLogBegan_withoutItsEvent_isMissingIt() {
        logOf(event(1, EventType.MEMBER_ADDED, Target.member(ADA.userId())),
                event(2, EventType.MEMBER_ADDED, Target.member(BOB.userId())),
                event(3, EventType.API_KEY_CREATED, Target.apiKey("workerkeyaaaaaaa")),
                event(4, EventType.INVITATION_SENT, Target.invitation(BOB_INVITED.id().value())));

        assertThat(Invariants.check(table.items()).violations()).singleElement().satisfies(violation -> {
            assertThat(violation.kind()).isEqualTo(ViolationKind.EVENT_MISSING);
            assertThat(violation.key()).endsWith(CLEO_INVITED.id().value());
        });
    }

    @Test
    void aMemberWhoLeftAndJoinedAgain_withoutTheSecondEvent_isMissingIt() {
        logOf(event(1, EventType.MEMBER_ADDED, Target.member(ADA.userId())),
                event(2, EventType.MEMBER_ADDED, Target.member(BOB.userId())),
                event(3, EventType.MEMBER_REMOVED, Target.member(BOB.userId())),
                event(4, EventType.API_KEY_CREATED, Target.apiKey("workerkeyaaaaaaa")),
                event(5, EventType.INVITATION_SENT, Target.invitation(BOB_INVITED.id().value())),
                event(6, EventType.INVITATION_SENT, Target.invitation(CLEO_INVITED.id().value())));

        assertThat(Invariants.check(table.items()).violations()).singleElement().satisfies(violation -> {
            assertThat(violation.kind()).isEqualTo(ViolationKind.EVENT_MISSING);
            assertThat(violation.detail()).isEqualTo("member without the member.added event of its joining");
        });
    }

    @Test
    void whatHappensOnceToAKeyOrAnInvitation_recordedTwice_isRepeated() {
        logOf(event(1, EventType.MEMBER_ADDED, Target.member(ADA.userId())),
                event(2, EventType.MEMBER_ADDED, Target.member(BOB.userId())),
                event(3, EventType.API_KEY_CREATED, Target.apiKey("workerkeyaaaaaaa")),
                event(4, EventType.INVITATION_SENT, Target.invitation(BOB_INVITED.id().value())),
                event(5, EventType.INVITATION_SENT, Target.invitation(CLEO_INVITED.id().value())),
                event(6, EventType.INVITATION_ACCEPTED, Target.invitation(BOB_INVITED.id().value())),
                event(7, EventType.INVITATION_EXPIRED, Target.invitation(BOB_INVITED.id().value())),
                event(8, EventType.API_KEY_USED_FIRST, Target.apiKey("workerkeyaaaaaaa")),
                event(9, EventType.API_KEY_USED_FIRST, Target.apiKey("workerkeyaaaaaaa")));

        assertThat(Invariants.check(table.items()).violations()).extracting(Violation::kind, Violation::detail)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(ViolationKind.EVENT_REPEATED,
                                "invitation:closed/bobinvitationaaaaaaa recorded 2 times"),
                        org.assertj.core.groups.Tuple.tuple(ViolationKind.EVENT_REPEATED,
                                "api_key:used_first/workerkeyaaaaaaa recorded 2 times"));
    }

    private void logOf(RecordedEvent... events) {
        for (RecordedEvent event : events) {
            table.put(stored(event));
        }
        table.put(head(events.length));
    }

    private static RecordedEvent event(long place, EventType type, Target target) {
        NewEvent event = NewEvent.of(type, target);
        return new RecordedEvent(ACME, ORGANISATION.incarnation(), place, "event-" + place, event.type(),
                Actor.SYSTEM, event.targets(), Map.of(), Optional.empty(), LOG_STARTED.plusSeconds(place),
                LOG_STARTED.plusSeconds(place));
    }

    private static Map<String, AttributeValue> stored(RecordedEvent event) {
        return EventReads.EVENT.written(ACME, new EventReads.StoredEvent(event,
                Optional.of(Instant.now().plus(Duration.ofDays(3650)))));
    }

    private static Map<String, AttributeValue> head(long last) {
        return Map.of("PK", AttributeValue.fromS(PARTITION), "SK", AttributeValue.fromS("EVENTS"),
                "last", AttributeValue.fromN(Long.toString(last)),
                "incarnation", AttributeValue.fromS(ORGANISATION.incarnation().value()));
    }
}
