package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.organisation.OrganisationRules;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import java.time.Instant;
import java.util.Optional;

/** What the invitee must show before answering an invitation: its token, their verified email, in time. */
final class InviteeChecks {

    private InviteeChecks() {
    }

    static Optional<Invitation> findByToken(Invitations invitations, InviteToken token) {
        return invitations.find(token.tenant(), token.invitation()).filter(i -> token.matches(i.tokenHash()));
    }

    static Optional<Invitations.ToAccept> findToAcceptByToken(Invitations invitations, InviteToken token) {
        return invitations.findToAccept(token.tenant(), token.invitation())
                .filter(found -> token.matches(found.invitation().tokenHash()));
    }

    /** Whether the caller is the invitation's invitee: its verified email, on a token not bound elsewhere. */
    static boolean isInvitee(Caller caller, Invitation invitation) {
        return boundElsewhere(caller, invitation).isEmpty() && caller.emailVerified()
                && caller.email().equals(Optional.of(invitation.email()));
    }

    /** Empty when the caller may answer this pending invitation now. */
    static Optional<Refusal> check(Caller caller, Invitation invitation, Instant now) {
        Optional<Refusal> bound = boundElsewhere(caller, invitation);
        if (bound.isPresent()) {
            return bound;
        }
        if (!caller.emailVerified()) {
            return refused(Reason.EMAIL_NOT_VERIFIED, "Verify your email with your identity provider, then "
                    + "try again; the invitation stays open.");
        }
        if (!caller.email().equals(Optional.of(invitation.email()))) {
            return refused(Reason.WRONG_INVITEE, "Sign in with the invited email; the invitation stays open.");
        }
        if (invitation.status() == InvitationStatus.EXPIRED) {
            return refused(Reason.INVITATION_EXPIRED, "Ask for a new invitation.");
        }
        if (invitation.status() != InvitationStatus.PENDING) {
            return refused(Reason.INVITATION_NOT_PENDING, "The invitation was " + invitation.status().wire() + ".");
        }
        if (invitation.expiredAt(now)) {
            return refused(Reason.INVITATION_EXPIRED, "Ask for a new invitation.");
        }
        return Optional.empty();
    }

    /** A refusal when the caller's token is bound to another tenant than the invitation's. */
    static Optional<Refusal> boundElsewhere(Caller caller, Invitation invitation) {
        return caller.tenant().filter(bound -> !bound.equals(invitation.tenant())).flatMap(bound -> refused(
                Reason.TENANT_MISMATCH, "Your token is bound to tenant " + bound.value()
                        + "; answer this invitation with a token for its tenant."));
    }

    /** The refusal of an organisation that takes no answer to an invitation now: gone, suspended, or no seat. */
    static Refusal byOrganisation(OrganisationRules.Standing standing) {
        return switch (standing) {
            case GONE -> new Refusal(Reason.ORGANISATION_NOT_FOUND, "The organisation no longer exists.");
            case SUSPENDED -> new Refusal(Reason.ORGANISATION_SUSPENDED, "The organisation is suspended.");
            case NO_SEAT -> new Refusal(Reason.SEAT_LIMIT_REACHED, "Every seat is taken; ask an admin for more.");
        };
    }

    static Refusal invalidToken() {
        return new Refusal(Reason.INVITATION_NOT_FOUND, "That is not a valid invitation token.");
    }

    private static Optional<Refusal> refused(Reason reason, String detail) {
        return Optional.of(new Refusal(reason, detail));
    }
}
