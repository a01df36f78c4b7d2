package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The events of invitations. Never the token: only its holder may accept, and events are read by many. */
public final class InvitationEvents {

    private InvitationEvents() {
    }

    public static NewEvent sent(Invitation invitation) {
        return sent(invitation, Optional.empty());
    }

    /** Sent, closing {@code superseded}: the earlier invitation to the same email, still pending until now. */
    public static NewEvent sent(Invitation invitation, Optional<InvitationId> superseded) {
        Map<String, Object> changes = new HashMap<>(Map.of("email", invitation.email().value(), "groups",
                invitation.groups().stream().map(GroupName::value).sorted().toList(), "serviceGroups",
                invitation.serviceGroups().stream().map(ServiceGroup::written).sorted().toList(), "validUntil",
                invitation.validUntil().toString()));
        superseded.ifPresent(earlier -> changes.put("supersedes", earlier.value()));
        return NewEvent.of(EventType.INVITATION_SENT, target(invitation), changes);
    }

    public static NewEvent resent(Invitation invitation, java.time.Instant validUntil) {
        return NewEvent.of(EventType.INVITATION_RESENT, target(invitation),
                NewEvent.change("validUntil", invitation.validUntil().toString(), validUntil.toString()));
    }

    /** Accepted by {@code userId}, with the service groups the accept assigned (those still there to assign). */
    public static NewEvent accepted(Invitation invitation, String userId) {
        return NewEvent.of(EventType.INVITATION_ACCEPTED, target(invitation), Map.of("userId", userId,
                "serviceGroups", invitation.serviceGroups().stream().map(ServiceGroup::written).sorted().toList()));
    }

    /** Revoked or declined: the status it was closed with. */
    public static NewEvent closed(Invitation invitation, InvitationStatus status) {
        EventType type = switch (status) {
            case DECLINED -> EventType.INVITATION_DECLINED;
            case REVOKED -> EventType.INVITATION_REVOKED;
            default -> throw new IllegalArgumentException("no one closes an invitation as " + status);
        };
        return NewEvent.of(type, target(invitation), Map.of("email", invitation.email().value()));
    }

    /** Enclave closed it as expired, its validity over with nobody answering it: by the system, never a request. */
    public static NewEvent expired(Invitation invitation) {
        return new NewEvent(EventType.INVITATION_EXPIRED, List.of(target(invitation)), Map.of("email",
                invitation.email().value(), "validUntil", invitation.validUntil().toString()),
                Optional.of(Actor.SYSTEM), Optional.empty());
    }

    private static Target target(Invitation invitation) {
        return Target.invitation(invitation.id().value());
    }
}
