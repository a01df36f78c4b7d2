package dev.enclave.app.domain.invitation;

import static dev.enclave.app.domain.invitation.InvitationFixtures.ACME;
import static dev.enclave.app.domain.invitation.InvitationFixtures.ADA;
import static dev.enclave.app.domain.invitation.InvitationFixtures.BOB;
import static dev.enclave.app.domain.invitation.InvitationFixtures.CLOCK;
import static dev.enclave.app.domain.invitation.InvitationFixtures.NOW;
import static dev.enclave.app.domain.invitation.InvitationFixtures.NO_SERVICES;
import static dev.enclave.app.domain.invitation.InvitationFixtures.OLGA;
import static dev.enclave.app.domain.invitation.InvitationFixtures.acme;
import static dev.enclave.app.domain.invitation.InvitationFixtures.acmeWithOlgaAndAda;
import static dev.enclave.app.domain.invitation.InvitationFixtures.groups;
import static dev.enclave.app.domain.invitation.InvitationFixtures.member;
import static dev.enclave.app.domain.invitation.InvitationFixtures.serviceGroup;
import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An admin invites an email: who may, what is stored, and every refusal, on the in-memory port. */
class SendingInvitationTest {

    private final InMemoryInvitations invitations = acmeWithOlgaAndAda();
    private final SendingInvitation sending = new SendingInvitation(invitations, new TokenDeliveries(), NO_SERVICES, CLOCK);

    @Test
    void send_byAnAdmin_storesThePendingInvitationWithItsGroups_andATokenForIt() {
        invitations.service(ACME, serviceGroup("api/callers").service());
        SendingInvitation.Sent sent = sent(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups("billing"),
                Set.of(serviceGroup("api/callers")), 3)));

        Invitation invitation = sent.invitation();
        assertThat(invitation.status()).isEqualTo(InvitationStatus.PENDING);
        assertThat(invitation.email()).isEqualTo(BOB);
        assertThat(invitation.groups()).isEqualTo(groups("billing"));
        assertThat(invitation.serviceGroups()).containsExactly(serviceGroup("api/callers"));
        assertThat(invitation.createdAt()).isEqualTo(NOW);
        assertThat(invitation.validUntil()).isEqualTo(NOW.plus(Duration.ofDays(3)));
        assertThat(invitation.invitedBy()).isEqualTo(ADA.userId());
        assertThat(invitation.acceptedBy()).isEmpty();
        assertThat(sent.token().tenant()).isEqualTo(ACME);
        assertThat(sent.token().invitation()).isEqualTo(invitation.id());
        assertThat(sent.token().matches(invitation.tokenHash())).isTrue();
        assertThat(invitation.inviter()).contains(ADA.user());
        assertThat(invitations.all(ACME)).singleElement().satisfies(stored -> {
            assertThat(stored.withServiceGenerations(java.util.Map.of())).isEqualTo(invitation);
            assertThat(stored.serviceGenerations()).containsOnlyKeys(serviceGroup("api/callers").service());
        });
        assertThat(invitations.guardOf(ACME, BOB)).contains(invitation.id());
    }

    @Test
    void send_atAnInstantWithNanoseconds_isValidToTheWholeSecond_asStored_inItsAnswerAndItsEvent() {
        Clock late = Clock.fixed(NOW.plusNanos(553_548_966), ZoneOffset.UTC);
        SendingInvitation.Sent sent = sent(new SendingInvitation(invitations, new TokenDeliveries(), NO_SERVICES, late)
                .send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(), Set.of(),
                        3)));

        assertThat(sent.invitation().validUntil()).isEqualTo(NOW.plus(Duration.ofDays(3)));
        assertThat(InvitationEvents.sent(sent.invitation()).changes().get("validUntil"))
                .isEqualTo(NOW.plus(Duration.ofDays(3)).toString());
    }

    @Test
    void send_grantingAGroupOfAServiceThatDoesNotExist_isNotFound_andStoresNothing() {
        invitations.service(ACME, serviceGroup("api/callers").service());

        Refusal refusal = refusal(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(),
                Set.of(serviceGroup("api/callers"), serviceGroup("billing/ops")), 7)));

        assertThat(refusal).isEqualTo(new Refusal(Reason.SERVICE_NOT_FOUND,
                "A service the invitation grants a group of does not exist; create it first."));
        assertThat(invitations.all(ACME)).isEmpty();
        assertThat(invitations.guardOf(ACME, BOB)).isEmpty();
    }

    @Test
    void send_grantingOwner_byAnAdmin_isMissingRole_andStoresNothing() {
        Refusal refusal = refusal(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups("owner"), Set.of(), 7)));

        assertThat(refusal).isEqualTo(new Refusal(Reason.MISSING_ROLE,
                "Only owners can send, resend or revoke an invitation that grants owner."));
        assertThat(invitations.all(ACME)).isEmpty();
    }

    @Test
    void send_grantingOwner_byAnOwner_isSent() {
        SendingInvitation.Sent sent = sent(sending.send(new SendingInvitation.Send(ActingMember.of(OLGA), invitations.read(ACME), BOB, groups("owner"), Set.of(),
                7)));

        assertThat(sent.invitation().groups()).isEqualTo(groups("owner"));
        assertThat(invitations.all(ACME)).containsExactly(sent.invitation());
    }

    @Test
    void send_again_toTheSameEmail_supersedesThePendingInvitation() {
        Invitation first = sent(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(), Set.of(), 7))).invitation();

        Invitation second = sent(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups("billing"), Set.of(),
                7))).invitation();

        assertThat(second.id()).isNotEqualTo(first.id());
        assertThat(invitations.find(ACME, first.id()).map(Invitation::status)).contains(InvitationStatus.SUPERSEDED);
        assertThat(invitations.find(ACME, second.id()).map(Invitation::status)).contains(InvitationStatus.PENDING);
        assertThat(invitations.guardOf(ACME, BOB)).contains(second.id());
    }

    @Test
    void send_afterTtlRemovedTheEmailsPendingInvitation_invitesAgain() {
        Invitation first = sent(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(), Set.of(), 7))).invitation();
        invitations.removedByTtl(first);

        Invitation again = sent(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(), Set.of(), 7))).invitation();

        assertThat(invitations.all(ACME)).containsExactly(again);
        assertThat(invitations.guardOf(ACME, BOB)).contains(again.id());
    }

    @Test
    void send_toAMember_isAlreadyMember_andStoresNothing() {
        Membership bob = member("bob");
        invitations.member(bob);

        Refusal refusal = refusal(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), bob.email().orElseThrow(), groups(),
                Set.of(), 7)));

        assertThat(refusal).isEqualTo(new Refusal(Reason.ALREADY_MEMBER, "bob@example.com is already a member."));
        assertThat(invitations.all(ACME)).isEmpty();
    }

    @Test
    void send_whenEverySeatIsTaken_isSeatLimitReached_andStoresNothing() {
        InMemoryInvitations full = new InMemoryInvitations().organisation(acme(2)).member(OLGA).member(ADA);

        Refusal refusal = refusal(new SendingInvitation(full, new TokenDeliveries(), NO_SERVICES, CLOCK).send(new SendingInvitation.Send(ActingMember.of(ADA),
                full.read(ACME), BOB, groups(), Set.of(), 7)));

        assertThat(refusal).isEqualTo(new Refusal(Reason.SEAT_LIMIT_REACHED, "Every seat is taken."));
        assertThat(full.all(ACME)).isEmpty();
    }

    @Test
    void send_whenTheOrganisationIsSuspended_isSuspended() {
        invitations.status(ACME, OrganisationStatus.SUSPENDED);

        assertThat(refusal(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(), Set.of(), 7)))).isEqualTo(
                new Refusal(Reason.ORGANISATION_SUSPENDED, "The organisation is suspended."));
        assertThat(invitations.all(ACME)).isEmpty();
    }

    @Test
    void send_whenTheOrganisationIsBeingDeleted_orGone_isOrganisationNotFound() {
        Refusal gone = new Refusal(Reason.ORGANISATION_NOT_FOUND, "The organisation no longer exists.");
        invitations.organisation(acme(OrganisationStatus.DELETING, 10));

        assertThat(refusal(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(), Set.of(), 7)))).isEqualTo(gone);

        invitations.organisationGone(ACME);

        assertThat(refusal(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(), Set.of(), 7)))).isEqualTo(gone);
        assertThat(invitations.all(ACME)).isEmpty();
    }

    @Test
    void send_whenAnotherInvitationToTheEmailIsSentMeanwhile_isConflict_andKeepsThatOne() {
        SendingInvitation other = new SendingInvitation(invitations, new TokenDeliveries(), NO_SERVICES, CLOCK);
        Invitation[] meanwhile = new Invitation[1];
        invitations.beforeNextWrite(() -> meanwhile[0] = sent(other.send(new SendingInvitation.Send(ActingMember.of(OLGA), invitations.read(ACME), BOB,
                groups(), Set.of(), 7))).invitation());

        Refusal refusal = refusal(sending.send(new SendingInvitation.Send(ActingMember.of(ADA), invitations.read(ACME), BOB, groups(), Set.of(), 7)));

        assertThat(refusal).isEqualTo(new Refusal(Reason.CONFLICT,
                "Another invitation to this email was sent at the same moment; try again."));
        assertThat(invitations.all(ACME)).containsExactly(meanwhile[0]);
        assertThat(invitations.guardOf(ACME, BOB)).contains(meanwhile[0].id());
    }

    private static SendingInvitation.Sent sent(Outcome<SendingInvitation.Sent> result) {
        assertThat(result).isInstanceOf(Outcome.Done.class);
        return ((Outcome.Done<SendingInvitation.Sent>) result).value();
    }

    private static Refusal refusal(Outcome<SendingInvitation.Sent> result) {
        assertThat(result).isInstanceOf(Outcome.Refused.class);
        return ((Outcome.Refused<SendingInvitation.Sent>) result).refusal();
    }
}
