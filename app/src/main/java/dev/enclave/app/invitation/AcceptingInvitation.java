package dev.enclave.app.invitation;

import dev.enclave.app.auth.Caller;
import dev.enclave.app.member.Members;
import dev.enclave.app.member.Membership;
import dev.enclave.app.organisation.OrganisationStatus;
import dev.enclave.app.organisation.Organisations;
import dev.enclave.app.platform.Backoff;
import dev.enclave.app.outcome.Reason;
import dev.enclave.app.outcome.Refusal;
import dev.enclave.identity.UserKey;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The invitee accepts with the token: the email their identity provider verified must be the invitation's, it must
 * be pending and unexpired, the organisation active with a seat free. The invitation flips and the membership (with
 * the invited groups) appears in one transaction. Accepting again as the same user answers the same membership.
 */
@Singleton
@Requires(beans = Invitations.class)
public final class AcceptingInvitation {

    private static final int ATTEMPTS = 8;

    private final Invitations invitations;
    private final Members members;
    private final Organisations organisations;
    private final Clock clock;

    AcceptingInvitation(Invitations invitations, Members members, Organisations organisations, Clock clock) {
        this.invitations = invitations;
        this.members = members;
        this.organisations = organisations;
        this.clock = clock;
    }

    /** The membership, or why not. */
    public sealed interface AcceptResult permits Accepted, Refused {
    }

    public record Accepted(Membership membership) implements AcceptResult {
    }

    public record Refused(Refusal refusal) implements AcceptResult {
    }

    public AcceptResult accept(Caller caller, String tokenValue) {
        Optional<InviteToken> token = InviteToken.parse(tokenValue);
        if (token.isEmpty()) {
            return new Refused(InviteeChecks.invalidToken());
        }
        UserKey user = caller.userKey();
        boolean memberAlready = false;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Optional<Invitations.ToAccept> found = InviteeChecks.findToAcceptByToken(invitations, token.get());
            Optional<AcceptResult> decided = found.isEmpty() ? Optional.of(new Refused(InviteeChecks.invalidToken()))
                    : decide(caller, user, found.get(), memberAlready);
            if (decided.isPresent()) {
                return decided.get();
            }
            Invitation invitation = found.get().invitation();
            Membership membership = membershipFor(caller, user, invitation);
            Invitations.WriteOutcome written = invitations.accept(invitation, membership,
                    found.get().organisation().get(), clock.instant().getEpochSecond());
            if (written == Invitations.WriteOutcome.DONE) {
                return new Accepted(membership);
            } else if (written == Invitations.WriteOutcome.ORGANISATION_REFUSED) {
                return organisationRefusal(invitation);
            }
            memberAlready = written == Invitations.WriteOutcome.ALREADY_MEMBER;
            if (!memberAlready) {
                Backoff.pause(attempt + 1);
            }
        }
        return refused(Reason.CONFLICT, "The invitation is being accepted right now; try again.");
    }

    /**
     * Decides from what was read, when it can: replay, wrong invitee, not pending, expired, the caller found to be a
     * member already by the previous attempt, the organisation gone.
     */
    private Optional<AcceptResult> decide(Caller caller, UserKey user, Invitations.ToAccept found,
                                          boolean memberAlready) {
        Optional<AcceptResult> byInvitation = decide(caller, user, found.invitation());
        if (byInvitation.isPresent()) {
            return byInvitation;
        } else if (memberAlready) {
            return Optional.of(refused(Reason.ALREADY_MEMBER, "You are already a member."));
        } else if (found.organisation().isEmpty()) {
            return Optional.of(refused(Reason.ORGANISATION_NOT_FOUND, "The organisation no longer exists."));
        }
        return Optional.empty();
    }

    /** Decides from the stored invitation alone, when it can: replay, wrong invitee, not pending, expired. */
    private Optional<AcceptResult> decide(Caller caller, UserKey user, Invitation invitation) {
        if (invitation.status() == InvitationStatus.ACCEPTED) {
            return Optional.of(invitation.acceptedBy().filter(user.digest()::equals)
                    .flatMap(me -> members.find(invitation.tenant(), user)).<AcceptResult>map(Accepted::new)
                    .orElseGet(() -> refused(Reason.INVITATION_NOT_PENDING, "The invitation was accepted.")));
        }
        return InviteeChecks.check(caller, invitation, clock.instant()).map(Refused::new);
    }

    private Membership membershipFor(Caller caller, UserKey user, Invitation invitation) {
        Set<String> groups = new HashSet<>(invitation.groups());
        groups.add(Membership.MEMBER);
        Instant now = clock.instant();
        return new Membership(invitation.tenant(), user, caller.subject(), caller.issuer(), Optional.of(invitation.email()),
                groups, now, 1);
    }

    private AcceptResult organisationRefusal(Invitation invitation) {
        Optional<OrganisationStatus> status = organisations.find(invitation.tenant()).map(o -> o.status());
        if (status.isEmpty() || status.get() == OrganisationStatus.DELETING) {
            return refused(Reason.ORGANISATION_NOT_FOUND, "The organisation no longer exists.");
        }
        return status.get() == OrganisationStatus.SUSPENDED
                ? refused(Reason.ORGANISATION_SUSPENDED, "The organisation is suspended.")
                : refused(Reason.SEAT_LIMIT_REACHED, "Every seat is taken; ask an admin for more.");
    }

    private static AcceptResult refused(Reason reason, String detail) {
        return new Refused(new Refusal(reason, detail));
    }
}
