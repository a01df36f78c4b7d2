package dev.enclave.app.invitation;

import dev.enclave.app.auth.Caller;
import dev.enclave.app.member.Members;
import dev.enclave.app.member.Membership;
import dev.enclave.app.organisation.OrganisationStatus;
import dev.enclave.app.organisation.Organisations;
import dev.enclave.app.problem.ProblemType;
import dev.enclave.app.problem.Refusal;
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
final class AcceptingInvitation {

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
    sealed interface AcceptResult permits Accepted, Refused {
    }

    record Accepted(Membership membership) implements AcceptResult {
    }

    record Refused(Refusal refusal) implements AcceptResult {
    }

    AcceptResult accept(Caller caller, String tokenValue) {
        Optional<InviteToken> token = InviteToken.parse(tokenValue);
        if (token.isEmpty()) {
            return new Refused(InviteeChecks.invalidToken());
        }
        UserKey user = UserKey.of(caller.issuer(), caller.subject());
        boolean memberAlready = false;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Optional<Invitations.ToAccept> found = invitations.findToAccept(token.get().tenant(),
                    token.get().invitation()).filter(t -> token.get().matches(t.invitation().tokenHash()));
            if (found.isEmpty()) {
                return new Refused(InviteeChecks.invalidToken());
            }
            Invitation invitation = found.get().invitation();
            Optional<AcceptResult> decided = decide(caller, user, invitation);
            if (decided.isPresent()) {
                return decided.get();
            }
            if (memberAlready) {
                return refused(ProblemType.ALREADY_MEMBER, "You are already a member.");
            }
            if (found.get().organisation().isEmpty()) {
                return refused(ProblemType.ORGANISATION_NOT_FOUND, "The organisation no longer exists.");
            }
            Membership membership = membershipFor(caller, user, invitation);
            switch (invitations.accept(invitation, membership, found.get().organisation().get(),
                    clock.instant().getEpochSecond())) {
                case DONE:
                    return new Accepted(membership);
                case ORGANISATION_REFUSED:
                    return organisationRefusal(invitation);
                case ALREADY_MEMBER:
                    memberAlready = true;
                    break;
                case INVITATION_CHANGED:
                default:
                    pause(attempt);
            }
        }
        return refused(ProblemType.CONFLICT, "The invitation is being accepted right now; try again.");
    }

    /** Decides from the stored invitation alone, when it can: replay, wrong invitee, not pending, expired. */
    private Optional<AcceptResult> decide(Caller caller, UserKey user, Invitation invitation) {
        if (invitation.status() == InvitationStatus.ACCEPTED) {
            return Optional.of(invitation.acceptedBy().filter(user.digest()::equals)
                    .flatMap(me -> members.find(invitation.tenant(), user)).<AcceptResult>map(Accepted::new)
                    .orElseGet(() -> refused(ProblemType.INVITATION_NOT_PENDING, "The invitation was accepted.")));
        }
        return InviteeChecks.check(caller, invitation, clock.instant()).map(Refused::new);
    }

    private Membership membershipFor(Caller caller, UserKey user, Invitation invitation) {
        Set<String> groups = new HashSet<>(invitation.groups());
        groups.add(Membership.MEMBER);
        Instant now = clock.instant();
        return new Membership(invitation.tenant(), user, caller.subject(), caller.issuer(), invitation.email(),
                groups, now, 1);
    }

    private AcceptResult organisationRefusal(Invitation invitation) {
        Optional<OrganisationStatus> status = organisations.find(invitation.tenant()).map(o -> o.status());
        if (status.isEmpty() || status.get() == OrganisationStatus.DELETING) {
            return refused(ProblemType.ORGANISATION_NOT_FOUND, "The organisation no longer exists.");
        }
        return status.get() == OrganisationStatus.SUSPENDED ? refused(ProblemType.ORGANISATION_SUSPENDED, "The organisation is suspended.")
                : refused(ProblemType.SEAT_LIMIT_REACHED, "Every seat is taken; ask an admin for more.");
    }

    /** A concurrent transaction touched the same items: back off briefly, then read again. */
    private static void pause(int attempt) {
        try {
            Thread.sleep(5L * (attempt + 1) + (long) (Math.random() * 10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static AcceptResult refused(ProblemType type, String detail) {
        return new Refused(new Refusal(type, detail));
    }
}
