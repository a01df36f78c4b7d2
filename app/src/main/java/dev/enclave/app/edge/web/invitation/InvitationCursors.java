package dev.enclave.app.edge.web.invitation;

import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.infra.store.PageCursors;
import dev.enclave.app.infra.store.invitation.InvitationPositions;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.util.Optional;

/** Cursors of an organisation's invitations of one status: the position to continue after. */
@Singleton
public record InvitationCursors(PageCursors cursors) {

    public String encode(TenantId tenant, Incarnation incarnation, InvitationStatus status, String after) {
        return cursors.encode(tenant, incarnation, list(status), after);
    }

    /** The position to continue after, or empty when the cursor is not one of this tenant's list of that status. */
    public Optional<String> decode(TenantId tenant, Incarnation incarnation, InvitationStatus status,
                                   String cursor) {
        return cursors.decode(tenant, incarnation, list(status), cursor).filter(InvitationPositions::isPosition);
    }

    private static String list(InvitationStatus status) {
        return "invitations:" + status.wire();
    }
}
