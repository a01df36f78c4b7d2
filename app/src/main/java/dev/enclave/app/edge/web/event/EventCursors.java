package dev.enclave.app.edge.web.event;

import dev.enclave.app.infra.store.PageCursors;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Cursors of an organisation's log: the feed's (the last place read, to continue after) and the audit log's (the
 * place to continue before), signed for the organisation's life, so a cursor of a deleted organisation's log pages
 * nothing of its successor's.
 */
@Singleton
record EventCursors(PageCursors cursors) {

    private static final Pattern PLACE = Pattern.compile("[0-9]{1,18}");

    String feed(TenantId tenant, Incarnation incarnation, long reached) {
        return cursors.encode(tenant, incarnation, "events", Long.toString(reached));
    }

    Optional<Long> feedPlace(TenantId tenant, Incarnation incarnation, String cursor) {
        return place(cursors.decode(tenant, incarnation, "events", cursor));
    }

    String auditLog(TenantId tenant, Incarnation incarnation, long before) {
        return cursors.encode(tenant, incarnation, "audit-log", Long.toString(before));
    }

    Optional<Long> auditLogPlace(TenantId tenant, Incarnation incarnation, String cursor) {
        return place(cursors.decode(tenant, incarnation, "audit-log", cursor));
    }

    private static Optional<Long> place(Optional<String> position) {
        return position.filter(p -> PLACE.matcher(p).matches()).map(Long::parseLong);
    }
}
