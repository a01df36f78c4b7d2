package dev.enclave.app.domain.event;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** An organisation's log of events, read strongly consistently, in one life of the organisation. */
public interface Events {

    /** The most a page answers. */
    int MAX_PAGE = 100;

    /**
     * The feed: events after {@code after} in sequence order, at most {@code limit} of them read (one Query), those
     * of {@code types} answered (all when empty). The page's {@code reached} is the last sequence read, or
     * {@code after} when none was: the next page starts there. A read stops at an event another life of the
     * organisation left (past this life's head, until this life's log reaches and replaces it), so the feed never
     * moves past places this life has yet to fill.
     */
    FeedPage feed(TenantId organisation, Incarnation incarnation, long after, int limit, Set<EventType> types);

    /** The audit log: matches of {@code query}, newest first. */
    AuditPage auditLog(TenantId organisation, Incarnation incarnation, AuditQuery query);

    /**
     * The platform admins' actions across tenants, newest first: at most {@code limit}, after {@code after} (the
     * position a page ended at). Read from an index, so an action shows a moment after it was made.
     */
    PlatformPage platformActions(int limit, Optional<String> after);

    /** A page of the platform admins' actions, and the position to continue after when there may be more. */
    record PlatformPage(List<RecordedEvent> events, Optional<String> last) {
        public PlatformPage {
            events = List.copyOf(events);
            Objects.requireNonNull(last, "last");
        }
    }

    /** A page of the feed. */
    record FeedPage(List<RecordedEvent> events, long reached) {
        public FeedPage {
            events = List.copyOf(events);
        }
    }

    /** A page of the audit log, and the sequence to continue before, when there may be more. */
    record AuditPage(List<RecordedEvent> events, Optional<Long> before) {
        public AuditPage {
            events = List.copyOf(events);
            Objects.requireNonNull(before, "before");
        }
    }

    /**
     * What the audit log is filtered by; every filter given must hold.
     *
     * @param actor  the actor's id
     * @param type   the event's type
     * @param target a target, {@code type/id}
     * @param from   recorded at or after
     * @param to     recorded before
     * @param before continue before this sequence (a page's cursor)
     * @param limit  at most this many matches
     */
    record AuditQuery(Optional<String> actor, Optional<EventType> type, Optional<String> target,
                      Optional<Instant> from, Optional<Instant> to, Optional<Long> before, int limit) {
        public AuditQuery {
            Objects.requireNonNull(actor, "actor");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(before, "before");
            if (limit < 1) {
                throw new IllegalArgumentException("limit must be positive");
            }
        }
    }
}
