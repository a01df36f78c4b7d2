package dev.enclave.app.edge.web.event;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.Events;
import dev.enclave.app.domain.text.TextRule;
import dev.enclave.app.edge.contract.WireTime;
import io.micronaut.core.annotation.Nullable;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Pattern;

/** The audit log's query parameters, read into an {@link Events.AuditQuery}, or what is wrong with them. */
final class AuditQueries {

    private static final Pattern TARGET = Pattern.compile("[a-z][a-z0-9_]{0,31}/.{1,200}");

    private AuditQueries() {
    }

    /** The query, or why the parameters are not one. */
    sealed interface Read permits Query, Wrong {
    }

    record Query(Events.AuditQuery query) implements Read {
    }

    record Wrong(String detail) implements Read {
    }

    static Read read(@Nullable String actor, @Nullable String action, @Nullable String target, @Nullable String from,
                     @Nullable String to, Optional<Long> before, int limit) {
        if (actor != null && !TextRule.admits(actor, 200)) {
            return new Wrong("actor is an actor's id, 1 to 200 characters of text.");
        }
        if (action != null && !wellFormed(action)) {
            return new Wrong("action is an event type, e.g. member.added.");
        }
        if (target != null && (!TARGET.matcher(target).matches() || !TextRule.admits(target, 233))) {
            return new Wrong("target is type/id, e.g. member/user-1.");
        }
        Optional<Instant> since = instant(from);
        Optional<Instant> until = instant(to);
        if (from != null && since.isEmpty() || to != null && until.isEmpty()) {
            return new Wrong("from and to are RFC 3339 times, e.g. 2026-11-26T10:00:00Z.");
        }
        return new Query(new Events.AuditQuery(Optional.ofNullable(actor),
                Optional.ofNullable(action).map(EventType::new), Optional.ofNullable(target), since, until, before,
                limit));
    }

    private static boolean wellFormed(String type) {
        try {
            new EventType(type);
            return true;
        } catch (IllegalArgumentException notAType) {
            return false;
        }
    }

    /** The RFC 3339 time {@code text} says, if it says one Enclave can store. */
    static Optional<Instant> instant(@Nullable String text) {
        return WireTime.parse(text);
    }
}
