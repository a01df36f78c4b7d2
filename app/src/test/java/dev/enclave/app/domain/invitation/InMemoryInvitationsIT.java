package dev.enclave.app.domain.invitation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.invitation.Invitations.WriteOutcome;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.domain.service.Services;
import dev.enclave.app.infra.store.invitation.DynamoDbInvitations;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.Email;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link InMemoryInvitations}, which the invitation use-case tests run on, answers as {@link DynamoDbInvitations}
 * does: the same steps on both, from the same organisation and members, give the same answers and leave the same
 * invitations and memberships.
 */
@MicronautTest(environments = "local")
class InMemoryInvitationsIT extends LocalStackTest {

    private static final String ISSUER = "enclave-local";
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @Inject
    Invitations stored;

    @Inject
    Organisations organisations;

    @Inject
    Members members;

    @Inject
    Services services;

    private final SecureRandom random = new SecureRandom();

    @Test
    void sending_answersAlike() {
        Twins twins = new Twins("twin-send");
        Invitation first = twins.invitation("bob");

        Invitation second = twins.invitation("bob");
        Invitation toAMember = twins.invitation("owner-twin-send");

        twins.step("send", i -> i.send(first, twins.read(), Invitations.Supersedes.ANY), WriteOutcome.DONE);
        twins.step("send again: supersedes", i -> i.send(second, twins.read(), Invitations.Supersedes.ANY), WriteOutcome.DONE);
        twins.step("send to a member", i -> i.send(toAMember, twins.read(), Invitations.Supersedes.ANY), WriteOutcome.ALREADY_MEMBER);
        Invitation noService = twins.invitation("carl", ServiceGroup.parse("nowhere/viewers").orElseThrow());
        twins.step("send a group of no service", i -> i.send(noService, twins.read(), Invitations.Supersedes.ANY), WriteOutcome.SERVICE_GONE);
    }

    @Test
    void sending_withEverySeatTaken_orToAnotherIncarnation_answersAlike() {
        Twins twins = new Twins("twin-seats");
        organisations.setSeats(twins.tenant, 1);
        twins.memory.seats(twins.tenant, 1);
        Organisation full = twins.read();
        Invitation bob = twins.invitation("bob");
        Organisation predecessor = new Organisation(full.id(), full.name(), 10, 1, full.status(), full.version(),
                full.createdAt().minusSeconds(60), full.limits());

        twins.step("send with no seat", i -> i.send(bob, full, Invitations.Supersedes.ANY), WriteOutcome.NO_SEAT);
        twins.step("send as read from the organisation deleted before", i -> i.send(bob, predecessor, Invitations.Supersedes.ANY),
                WriteOutcome.ORGANISATION_GONE);
    }

    @Test
    void accepting_closing_andRenewing_answerAlike() {
        Twins twins = new Twins("twin-accept");
        Invitation bob = twins.invitation("bob");
        Invitation carl = twins.invitation("carl");
        twins.step("send bob", i -> i.send(bob, twins.read(), Invitations.Supersedes.ANY), WriteOutcome.DONE);
        twins.step("send carl", i -> i.send(carl, twins.read(), Invitations.Supersedes.ANY), WriteOutcome.DONE);
        Membership joining = twins.joining("bob");

        twins.step("accept", i -> i.accept(bob, joining, twins.read(), GroupDefinitions.NONE, NOW.getEpochSecond()), WriteOutcome.DONE);
        twins.step("accept again", i -> i.accept(bob, joining, twins.read(), GroupDefinitions.NONE, NOW.getEpochSecond()),
                WriteOutcome.ALREADY_MEMBER);
        twins.check("renew a pending one", i -> i.renew(carl, "renewedhash", NOW.plus(Duration.ofDays(3))), true);
        twins.check("revoke it", i -> i.revoke(carl), true);
        twins.check("revoke it again", i -> i.revoke(carl), false);
        twins.check("renew a closed one", i -> i.renew(carl, "again", NOW.plus(Duration.ofDays(3))), false);
    }

    @Test
    void accepting_forAServiceCreatedAgain_orFromAnInviterGone_answersAlike() {
        Twins twins = new Twins("twin-lives");
        ServiceId payroll = new ServiceId("payroll");
        twins.service(payroll);
        Invitation bob = twins.invitation("bob", ServiceGroup.parse("payroll/admins").orElseThrow())
                .invitedBy(UserKey.of(ISSUER, "owner-twin-lives"));
        Invitation carl = twins.invitation("carl").invitedBy(UserKey.of(ISSUER, "never-a-member"));
        twins.step("send bob", i -> i.send(bob, twins.read(), Invitations.Supersedes.ANY), WriteOutcome.DONE);
        twins.step("send carl", i -> i.send(carl, twins.read(), Invitations.Supersedes.ANY), WriteOutcome.DONE);
        twins.serviceCreatedAgain(payroll);

        twins.step("accept a group of the service created again",
                i -> i.accept(twins.as(i, bob), twins.joining("bob"), twins.read(), GroupDefinitions.NONE, NOW.getEpochSecond()),
                WriteOutcome.SERVICE_GONE);
        twins.check("its services still there", i -> i.grantedServicesStillThere(twins.as(i, bob)), Set.of());
        twins.step("accept from an inviter who is no member",
                i -> i.accept(twins.as(i, carl), twins.joining("carl"), twins.read(), GroupDefinitions.NONE, NOW.getEpochSecond()),
                WriteOutcome.INVITER_GONE);
        twins.step("accept without the service gone", i -> i.accept(twins.as(i, bob).withoutServices(Set.of(payroll)),
                twins.joining("bob"), twins.read(), GroupDefinitions.NONE, NOW.getEpochSecond()), WriteOutcome.DONE);
    }

    @Test
    void declining_whileSuspended_withAnOldToken_orInAnotherLife_answersAlike() {
        Twins twins = new Twins("twin-decline");
        Invitation bob = twins.invitation("bob");
        twins.step("send bob", i -> i.send(bob, twins.read(), Invitations.Supersedes.ANY), WriteOutcome.DONE);
        Organisation active = twins.read();
        twins.status(OrganisationStatus.SUSPENDED);

        twins.step("decline while suspended", i -> i.decline(bob, active), WriteOutcome.ORGANISATION_SUSPENDED);
        twins.status(OrganisationStatus.ACTIVE);
        Organisation predecessor = new Organisation(active.id(), active.name(), active.seats(), active.members(),
                active.status(), active.version(), active.createdAt().minusSeconds(60), active.limits());
        twins.step("decline as read from the organisation deleted before", i -> i.decline(bob, predecessor),
                WriteOutcome.ORGANISATION_GONE);
        twins.check("renew it", i -> i.renew(bob, "renewedhash", NOW.plus(Duration.ofDays(3))), true);
        twins.step("decline with the token replaced", i -> i.decline(bob, twins.read()),
                WriteOutcome.INVITATION_CHANGED);
        twins.step("decline", i -> i.decline(twins.as(i, bob), twins.read()), WriteOutcome.DONE);
        twins.step("decline again", i -> i.decline(twins.as(i, bob), twins.read()), WriteOutcome.INVITATION_CHANGED);
    }

    /** One organisation on the table with its owner, and the same in memory. */
    private final class Twins {

        final TenantId tenant;
        final InMemoryInvitations memory = new InMemoryInvitations();

        Twins(String org) {
            journeys().organisation(org);
            tenant = TenantId.of(org);
            Organisation read = read();
            memory.organisation(new Organisation(read.id(), read.name(), read.seats(), 0, read.status(),
                    read.version(), read.createdAt(), read.limits()));
            members.list(tenant, read.incarnation(), 100, Optional.empty()).members().forEach(memory::member);
        }

        Organisation read() {
            return organisations.find(tenant).orElseThrow();
        }

        /** The organisation suspended or resumed, on both. */
        void status(OrganisationStatus status) {
            assertThat(organisations.setStatus(tenant, status)).isInstanceOf(Organisations.AdminChange.Changed.class);
            memory.status(tenant, status);
        }

        /** {@code invitation} as {@code invitations} stored it (with the generations it recorded). */
        Invitation as(Invitations invitations, Invitation invitation) {
            return invitations.find(tenant, invitation.id()).orElseThrow();
        }

        void service(ServiceId service) {
            assertThat(services.create(read(), Service.created(service, service.value()))).isEqualTo(Services.Creation.CREATED);
            memory.service(tenant, service);
        }

        /** The service deleted and created again under its id, on both. */
        void serviceCreatedAgain(ServiceId service) {
            assertThat(services.delete(read(), services.find(read(), service).orElseThrow(), Optional.empty())).isEqualTo(Services.Deletion.DELETED);
            memory.serviceDeleted(tenant, service);
            service(service);
        }

        Invitation invitation(String user, ServiceGroup... serviceGroups) {
            InvitationId id = InvitationId.random(random);
            return new Invitation(tenant, id, Email.of(user + "@example.com"), Set.of(new GroupName("billing")),
                    Set.of(serviceGroups), InviteToken.issue(tenant, id, random).hash(), InvitationStatus.PENDING,
                    NOW, NOW.plus(Duration.ofDays(7)), "owner-" + tenant.value(), Optional.empty());
        }

        Membership joining(String user) {
            return new Membership(tenant, UserKey.of(ISSUER, user), user, ISSUER,
                    Optional.of(Email.of(user + "@example.com")), Set.of(new GroupName("billing"), GroupName.MEMBER),
                    NOW, 1);
        }

        void step(String step, Function<Invitations, WriteOutcome> change, WriteOutcome expected) {
            check(step, change, expected);
        }

        /** Both answer {@code expected} to {@code change}, and hold the same invitations and members after it. */
        <T> void check(String step, Function<Invitations, T> change, T expected) {
            assertThat(change.apply(stored)).as(step + " on DynamoDB").isEqualTo(expected);
            assertThat(change.apply(memory)).as(step + " in memory").isEqualTo(expected);
            indexesCaughtUp();
            for (InvitationStatus status : InvitationStatus.values()) {
                assertThat(listed(memory, status)).as(status + " invitations after " + step)
                        .isEqualTo(listed(stored, status));
            }
            Incarnation life = read().incarnation();
            assertThat(memory.members().list(tenant, life, 100, Optional.empty()).members()).as("members after "
                    + step).isEqualTo(members.list(tenant, life, 100, Optional.empty()).members());
        }

        private List<Invitation> listed(Invitations invitations, InvitationStatus status) {
            List<Invitation> all = new ArrayList<>();
            Optional<String> after = Optional.empty();
            do {
                Invitations.InvitationPage page = invitations.withStatus(read(), status, 2, after);
                all.addAll(page.invitations());
                after = page.last();
            } while (after.isPresent());
            all.sort(Comparator.comparing(invitation -> invitation.id().value()));
            return all.stream().map(invitation -> invitation.withServiceGenerations(Map.of())).toList();
        }
    }
}
