package dev.enclave.app.domain.invitation;

import static dev.enclave.app.domain.invitation.InvitationFixtures.ACME;
import static dev.enclave.app.domain.invitation.InvitationFixtures.ADA;
import static dev.enclave.app.domain.invitation.InvitationFixtures.BOB;
import static dev.enclave.app.domain.invitation.InvitationFixtures.CLOCK;
import static dev.enclave.app.domain.invitation.InvitationFixtures.ISSUER;
import static dev.enclave.app.domain.invitation.InvitationFixtures.NOW;
import static dev.enclave.app.domain.invitation.InvitationFixtures.NO_SERVICES;
import static dev.enclave.app.domain.invitation.InvitationFixtures.acmeWithOlgaAndAda;
import static dev.enclave.app.domain.invitation.InvitationFixtures.groups;
import static dev.enclave.app.domain.invitation.InvitationFixtures.member;
import static dev.enclave.app.domain.invitation.InvitationFixtures.serviceGroup;
import static dev.enclave.app.domain.invitation.InvitationFixtures.signedIn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The invitee accepts with the token: every decision the use case takes, on the in-memory port. */
class AcceptingInvitationTest {

    private static final Caller BOB_SIGNED_IN = signedIn("bob", BOB);
    private static final UserKey BOB_KEY = BOB_SIGNED_IN.userKey();
    private static final Refusal INVALID_TOKEN = new Refusal(Reason.INVITATION_NOT_FOUND,
            "That is not a valid invitation token.");

    private final InMemoryInvitations invitations = acmeWithOlgaAndAda();
    private final AcceptingInvitation accepting = acceptingAt(CLOCK);

    @Test
    void accept_byTheInvitee_makesThemAMemberWithTheInvitedGroups_andClosesTheInvitation() {
        ServiceGroup callers = serviceGroup("api/callers");
        invitations.service(ACME, callers.service());
        InviteToken token = invite(Set.of(callers), "billing");

        Membership joined = accepted(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())));

        assertThat(joined).isEqualTo(new Membership(ACME, BOB_KEY, "bob", ISSUER, Optional.of(BOB),
                Set.of(GroupName.MEMBER, new GroupName("billing")), NOW, 1));
        assertThat(invitations.membership(ACME, BOB_KEY)).contains(joined);
        assertThat(invitations.nameCopy(ACME, BOB_KEY)).contains(new OrganisationName("Acme", 1));
        assertThat(invitations.assigned(ACME, callers, BOB_KEY)).isTrue();
        assertThat(invitations.organisation(ACME).orElseThrow().members()).isEqualTo(3);
        Invitation invitation = invitations.find(ACME, token.invitation()).orElseThrow();
        assertThat(invitation.status()).isEqualTo(InvitationStatus.ACCEPTED);
        assertThat(invitation.acceptedBy()).contains(BOB_KEY);
        assertThat(invitations.guardOf(ACME, BOB)).isEmpty();
    }

    @Test
    void accept_afterAGrantedServiceWasDeleted_joinsWithoutItsGroups_andKeepsTheOthers() {
        ServiceGroup callers = serviceGroup("api/callers");
        ServiceGroup ops = serviceGroup("billing/ops");
        ServiceGroup auditors = serviceGroup("billing/auditors");
        invitations.service(ACME, callers.service()).service(ACME, ops.service());
        InviteToken token = invite(Set.of(callers, ops, auditors));
        invitations.serviceDeleted(ACME, ops.service());

        Membership joined = accepted(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())));

        assertThat(invitations.membership(ACME, BOB_KEY)).contains(joined);
        assertThat(invitations.assigned(ACME, callers, BOB_KEY)).isTrue();
        assertThat(invitations.assigned(ACME, ops, BOB_KEY)).isFalse();
        assertThat(invitations.assigned(ACME, auditors, BOB_KEY)).isFalse();
        assertThat(invitations.find(ACME, token.invitation()).orElseThrow().status())
                .isEqualTo(InvitationStatus.ACCEPTED);
    }

    @Test
    void accept_signedInWithAnotherEmail_isWrongInvitee_andTheInvitationStaysOpen() {
        InviteToken token = invite(Set.of());

        Refusal refusal = refusal(accepting.accept(new AcceptingInvitation.Accept(signedIn("mallory", Email.of("mallory@example.com")),
                token.value())));

        assertThat(refusal).isEqualTo(new Refusal(Reason.WRONG_INVITEE,
                "Sign in with the invited email; the invitation stays open."));
        assertThatNothingChanged(token);
    }

    @Test
    void accept_withTheInvitedEmailUnverified_isEmailNotVerified_andTheInvitationStaysOpen() {
        InviteToken token = invite(Set.of());
        Caller unverified = new Caller(ISSUER, "bob", Optional.of(BOB), false, Optional.empty(), Set.of());

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(unverified, token.value())))).isEqualTo(new Refusal(
                Reason.EMAIL_NOT_VERIFIED,
                "Verify your email with your identity provider, then try again; the invitation stays open."));
        assertThatNothingChanged(token);
    }

    @Test
    void accept_withATokenBoundToAnotherTenant_isTenantMismatch() {
        InviteToken token = invite(Set.of());
        Caller bound = new Caller(ISSUER, "bob", Optional.of(BOB), true, Optional.of(TenantId.of("other")), Set.of());

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(bound, token.value())))).isEqualTo(new Refusal(Reason.TENANT_MISMATCH,
                "Your token is bound to tenant other; answer this invitation with a token for its tenant."));
        assertThatNothingChanged(token);
    }

    @Test
    void accept_again_withATokenBoundToAnotherTenant_isTenantMismatch_notTheMembership() {
        InviteToken token = invite(Set.of());
        accepted(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())));
        Caller bound = new Caller(ISSUER, "bob", Optional.of(BOB), true, Optional.of(TenantId.of("other")), Set.of());

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(bound, token.value()))).reason())
                .isEqualTo(Reason.TENANT_MISMATCH);
    }

    @Test
    void accept_afterItExpired_isExpired_andChangesNothing() {
        InviteToken token = invite(Set.of());
        AcceptingInvitation eightDaysLater = acceptingAt(Clock.fixed(NOW.plus(Duration.ofDays(8)), ZoneOffset.UTC));

        assertThat(refusal(eightDaysLater.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value()))))
                .isEqualTo(new Refusal(Reason.INVITATION_EXPIRED, "Ask for a new invitation."));
        assertThatNothingChanged(token);
    }

    @Test
    void accept_ofARevokedInvitation_isNotPending() {
        InviteToken token = invite(Set.of());
        invitations.revoke(invitations.find(ACME, token.invitation()).orElseThrow());

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value()))))
                .isEqualTo(new Refusal(Reason.INVITATION_NOT_PENDING, "The invitation was revoked."));
        assertThat(invitations.membership(ACME, BOB_KEY)).isEmpty();
    }

    @Test
    void accept_withNoTokenOfAnInvitation_isInvalidToken() {
        InviteToken token = invite(Set.of());
        InviteToken otherSecret = InviteToken.issue(ACME, token.invitation(), new SecureRandom());
        InviteToken noSuchInvitation = InviteToken.issue(ACME, InvitationId.random(new SecureRandom()),
                new SecureRandom());

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, "not-a-token")))).isEqualTo(INVALID_TOKEN);
        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, otherSecret.value())))).isEqualTo(INVALID_TOKEN);
        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, noSuchInvitation.value())))).isEqualTo(INVALID_TOKEN);
        assertThatNothingChanged(token);
    }

    @Test
    void accept_again_bySameUser_answersTheSameMembership_andTakesNoSecondSeat() {
        InviteToken token = invite(Set.of(), "billing");
        Membership first = accepted(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())));

        Membership again = accepted(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())));

        assertThat(again).isEqualTo(first);
        assertThat(invitations.organisation(ACME).orElseThrow().members()).isEqualTo(3);
    }

    @Test
    void accept_ofAnAcceptedInvitation_byAnotherAccountOfTheSameEmail_isNotPending() {
        InviteToken token = invite(Set.of());
        accepted(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())));
        Caller otherAccount = signedIn("bob-at-work", BOB);

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(otherAccount, token.value()))))
                .isEqualTo(new Refusal(Reason.INVITATION_NOT_PENDING, "The invitation was accepted."));
        assertThat(invitations.membership(ACME, otherAccount.userKey())).isEmpty();
    }

    @Test
    void accept_byAMemberAlready_isAlreadyMember_andTheInvitationStaysOpen() {
        InviteToken token = invite(Set.of());
        Membership bob = new Membership(ACME, BOB_KEY, "bob", ISSUER, Optional.of(BOB), Set.of(GroupName.MEMBER), NOW,
                1);
        invitations.member(bob);

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value()))))
                .isEqualTo(new Refusal(Reason.ALREADY_MEMBER, "You are already a member."));
        assertThat(invitations.find(ACME, token.invitation()).map(Invitation::status))
                .contains(InvitationStatus.PENDING);
        assertThat(invitations.membership(ACME, BOB_KEY)).contains(bob);
    }

    @Test
    void accept_whenEverySeatIsTaken_isSeatLimitReached() {
        InviteToken token = invite(Set.of());
        invitations.seats(ACME, 2);

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())))).isEqualTo(new Refusal(
                Reason.SEAT_LIMIT_REACHED, "Every seat is taken; ask an admin for more."));
        assertThatNothingChanged(token);
    }

    @Test
    void accept_whenTheOrganisationIsSuspended_isSuspended() {
        InviteToken token = invite(Set.of());
        invitations.status(ACME, OrganisationStatus.SUSPENDED);

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value()))))
                .isEqualTo(new Refusal(Reason.ORGANISATION_SUSPENDED, "The organisation is suspended."));
        assertThatNothingChanged(token);
    }

    @Test
    void accept_whenTheOrganisationIsBeingDeleted_orGone_isOrganisationNotFound() {
        Refusal gone = new Refusal(Reason.ORGANISATION_NOT_FOUND, "The organisation no longer exists.");
        InviteToken token = invite(Set.of());
        invitations.status(ACME, OrganisationStatus.DELETING);

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())))).isEqualTo(gone);

        invitations.organisationGone(ACME);

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())))).isEqualTo(gone);
        assertThatNothingChanged(token);
    }

    @Test
    void accept_whenTheOrganisationIsSuspendedBetweenReadAndWrite_answersFromTheRefusal_withoutReadingAgain() {
        InviteToken token = invite(Set.of());
        invitations.beforeNextWrite(() -> invitations.status(ACME, OrganisationStatus.SUSPENDED));

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value()))))
                .isEqualTo(new Refusal(Reason.ORGANISATION_SUSPENDED, "The organisation is suspended."));
        assertThat(invitations.reads()).isEqualTo(1);
        assertThatNothingChanged(token);
    }

    @Test
    void accept_whenTheLastSeatGoesBetweenReadAndWrite_answersFromTheRefusal_withoutReadingAgain() {
        InviteToken token = invite(Set.of());
        invitations.seats(ACME, 3);
        invitations.beforeNextWrite(() -> invitations.member(member("carol")));

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())))).isEqualTo(new Refusal(
                Reason.SEAT_LIMIT_REACHED, "Every seat is taken; ask an admin for more."));
        assertThat(invitations.reads()).isEqualTo(1);
    }

    @Test
    void accept_whenTheOrganisationIsRenamedBetweenReadAndWrite_readsAgain_andCopiesTheNewName() {
        InviteToken token = invite(Set.of());
        invitations.beforeNextWrite(() -> invitations.renamed(ACME, "Acme Corp"));

        accepted(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())));

        assertThat(invitations.nameCopy(ACME, BOB_KEY)).contains(new OrganisationName("Acme Corp", 2));
        assertThat(invitations.organisation(ACME).orElseThrow().members()).isEqualTo(3);
        assertThat(invitations.reads()).isEqualTo(2);
    }

    @Test
    void accept_whenTheSameUsersOtherRequestAcceptsBetweenReadAndWrite_answersThatMembership() {
        InviteToken token = invite(Set.of());
        Membership[] meanwhile = new Membership[1];
        invitations.beforeNextWrite(() -> meanwhile[0] = accepted(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value()))));

        Membership answered = accepted(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value())));

        assertThat(answered).isEqualTo(meanwhile[0]);
        assertThat(invitations.organisation(ACME).orElseThrow().members()).isEqualTo(3);
    }

    @Test
    void accept_whenAnotherAccountOfTheEmailAcceptsBetweenReadAndWrite_isNotPending() {
        InviteToken token = invite(Set.of());
        Caller otherAccount = signedIn("bob-at-work", BOB);
        invitations.beforeNextWrite(() -> accepted(accepting.accept(new AcceptingInvitation.Accept(otherAccount, token.value()))));

        assertThat(refusal(accepting.accept(new AcceptingInvitation.Accept(BOB_SIGNED_IN, token.value()))))
                .isEqualTo(new Refusal(Reason.INVITATION_NOT_PENDING, "The invitation was accepted."));
        assertThat(invitations.membership(ACME, BOB_KEY)).isEmpty();
        assertThat(invitations.membership(ACME, otherAccount.userKey())).isPresent();
    }

    private AcceptingInvitation acceptingAt(Clock clock) {
        return new AcceptingInvitation(invitations, invitations.members(), clock);
    }

    /** Ada invites Bob for seven days; the token he receives. */
    private InviteToken invite(Set<ServiceGroup> serviceGroups, String... groups) {
        Outcome<SendingInvitation.Sent> sent = new SendingInvitation(invitations, new TokenDeliveries(), NO_SERVICES, CLOCK).send(
                new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(groups), serviceGroups, 7));
        assertThat(sent).isInstanceOf(Outcome.Done.class);
        return ((Outcome.Done<SendingInvitation.Sent>) sent).value().token();
    }

    /** The invitation is still pending and still the email's one, Bob no member, no seat taken. */
    private void assertThatNothingChanged(InviteToken token) {
        assertThat(invitations.all(ACME)).singleElement().satisfies(invitation -> {
            assertThat(invitation.id()).isEqualTo(token.invitation());
            assertThat(invitation.status()).isEqualTo(InvitationStatus.PENDING);
        });
        assertThat(invitations.guardOf(ACME, BOB)).contains(token.invitation());
        assertThat(invitations.membership(ACME, BOB_KEY)).isEmpty();
    }

    private static Membership accepted(Outcome<Membership> result) {
        assertThat(result).isInstanceOf(Outcome.Done.class);
        return ((Outcome.Done<Membership>) result).value();
    }

    private static Refusal refusal(Outcome<Membership> result) {
        assertThat(result).isInstanceOf(Outcome.Refused.class);
        return ((Outcome.Refused<Membership>) result).refusal();
    }
}
