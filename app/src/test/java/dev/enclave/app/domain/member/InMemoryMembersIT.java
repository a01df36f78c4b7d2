package dev.enclave.app.domain.member;

import static dev.enclave.app.domain.permission.GroupName.ADMIN;
import static dev.enclave.app.domain.permission.GroupName.OWNER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.member.MembershipChanges.Change;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.domain.service.Services;
import dev.enclave.app.infra.store.member.DynamoDbMembers;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link InMemoryMembers}, which the use-case tests run on, answers as {@link DynamoDbMembers} does: the same steps
 * on both, from the same memberships, give the same answers and leave the same memberships.
 */
@MicronautTest(environments = "local")
class InMemoryMembersIT extends LocalStackTest {

    private static final String ISSUER = "enclave-local";
    private static final GroupName BILLING = new GroupName("billing");
    private static final UserKey BOB = user("bob");
    private static final UserKey CARL = user("carl");
    private static final UserKey STRANGER = user("stranger");

    @Inject
    Members stored;

    @Inject
    MembershipChanges storedChanges;

    @Inject
    Services services;

    @Inject
    Organisations organisations;

    @Test
    void groupEdits_answerAlike() {
        Twins twins = new Twins("twin-groups", "bob", "carl");
        UserKey owner = twins.owner;

        twins.step("grant", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), BOB, BOB.digest(), ADMIN, Optional.empty(), Optional.empty()), Change.DONE);
        twins.step("grant again", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), BOB, BOB.digest(), ADMIN, Optional.empty(), Optional.empty()), Change.UNCHANGED);
        Membership bob = stored.find(twins.tenant, BOB).orElseThrow();
        long bobAt = bob.version();
        twins.step("grant at a stale version", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), BOB, BOB.digest(), BILLING, Optional.empty(), at(bob, bobAt - 1)),
                Change.VERSION_MISMATCH);
        twins.step("grant held group at a stale version", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), BOB, BOB.digest(), ADMIN, Optional.empty(), at(bob, bobAt - 1)),
                Change.VERSION_MISMATCH);
        twins.step("grant at the version read, of a former life", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), BOB, BOB.digest(), BILLING, Optional.empty(),
                Optional.of(ExpectedVersion.exactly(ExpectedVersion.lifeBegan(bob.joinedAt().minusMillis(1)), bobAt))),
                Change.VERSION_MISMATCH);
        twins.step("grant at the version read", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), BOB, BOB.digest(), BILLING, Optional.empty(), at(bob, bobAt)), Change.DONE);
        twins.step("revoke a group not held", m -> m.revoke(twins.actor(owner), authority(twins.actor(owner)), CARL, CARL.digest(), BILLING, Optional.empty()),
                Change.UNCHANGED);
        twins.step("grant a stranger", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), STRANGER, STRANGER.digest(), BILLING, Optional.empty(), Optional.empty()),
                Change.NOT_A_MEMBER);
        twins.step("grant a stranger at a version", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), STRANGER, STRANGER.digest(), BILLING, Optional.empty(), at(bob, 1)),
                Change.NOT_A_MEMBER);
        twins.step("revoke from a stranger", m -> m.revoke(twins.actor(owner), authority(twins.actor(owner)), STRANGER, STRANGER.digest(), BILLING, Optional.empty()),
                Change.NOT_A_MEMBER);
        twins.step("revoke the last owner", m -> m.revoke(twins.actor(owner), authority(twins.actor(owner)), owner, owner.digest(), OWNER, Optional.empty()),
                Change.LAST_OWNER);
        twins.step("revoke owner from a non-owner", m -> m.revoke(twins.actor(owner), authority(twins.actor(owner)), CARL, CARL.digest(), OWNER, Optional.empty()),
                Change.UNCHANGED);
        twins.step("grant owner", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), BOB, BOB.digest(), OWNER, Optional.empty(), Optional.empty()), Change.DONE);
        twins.step("revoke one of two owners", m -> m.revoke(twins.actor(owner), authority(twins.actor(owner)), owner, owner.digest(), OWNER, Optional.empty()),
                Change.DONE);
        twins.step("revoke the last owner again", m -> m.revoke(twins.actor(BOB), authority(twins.actor(BOB)), BOB, BOB.digest(), OWNER, Optional.empty()),
                Change.LAST_OWNER);
        twins.step("revoke at any version", m -> m.revoke(twins.actor(BOB), authority(twins.actor(BOB)), BOB, BOB.digest(), ADMIN,
                Optional.of(ExpectedVersion.anyExisting())), Change.DONE);
    }

    @Test
    void transfers_answerAlike() {
        Twins twins = new Twins("twin-transfer", "bob", "carl");
        UserKey owner = twins.owner;

        twins.step("to a stranger", m -> m.transferOwnership(twins.actor(owner), STRANGER, STRANGER.digest()),
                Change.NOT_A_MEMBER);
        twins.step("from a non-owner", m -> m.transferOwnership(twins.actor(CARL), BOB, BOB.digest()), Change.ACTOR_GONE);
        twins.step("grant owner", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), BOB, BOB.digest(), OWNER, Optional.empty(), Optional.empty()), Change.DONE);
        twins.step("to an owner", m -> m.transferOwnership(twins.actor(owner), BOB, BOB.digest()), Change.DONE);
        twins.step("from the former owner", m -> m.transferOwnership(twins.actor(owner), CARL, CARL.digest()),
                Change.ACTOR_GONE);
        twins.step("to a member", m -> m.transferOwnership(twins.actor(BOB), CARL, CARL.digest()), Change.DONE);
        twins.step("from the last owner, to a co-owner gone", m -> m.transferOwnership(twins.actor(CARL), BOB, BOB.digest()),
                Change.DONE);
    }

    @Test
    void removals_answerAlike() {
        Twins twins = new Twins("twin-remove", "bob", "carl");
        UserKey owner = twins.owner;

        twins.step("the last owner", m -> m.remove(twins.actor(owner), authority(twins.actor(owner)), twins.read(m, owner)), Change.LAST_OWNER);
        Membership bobAsRead = stored.find(twins.tenant, BOB).orElseThrow();
        twins.step("grant", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), BOB, BOB.digest(), BILLING, Optional.empty(), Optional.empty()), Change.DONE);
        twins.step("a member changed since read", m -> m.remove(twins.actor(owner), authority(twins.actor(owner)), bobAsRead),
                Change.MEMBERSHIP_CHANGED);
        Membership bobNow = stored.find(twins.tenant, BOB).orElseThrow();
        Membership bobsFormerLife = new Membership(bobNow.tenant(), bobNow.user(), bobNow.userId(), bobNow.issuer(),
                bobNow.email(), bobNow.groups(), bobNow.joinedAt().minusMillis(1), bobNow.version());
        twins.step("a member's former life at the version now stored", m -> m.remove(twins.actor(owner),
                authority(twins.actor(owner)), bobsFormerLife), Change.MEMBERSHIP_CHANGED);
        twins.step("a member as read", m -> m.remove(twins.actor(owner), authority(twins.actor(owner)), bobNow), Change.DONE);
        twins.step("a member already removed", m -> m.remove(twins.actor(owner), authority(twins.actor(owner)), bobNow),
                Change.MEMBERSHIP_CHANGED);
        twins.step("grant owner", m -> m.grant(twins.actor(owner), authority(twins.actor(owner)), CARL, CARL.digest(), OWNER, Optional.empty(), Optional.empty()), Change.DONE);
        twins.step("one of two owners", m -> m.remove(twins.actor(owner), authority(twins.actor(owner)), twins.read(m, owner)), Change.DONE);
        twins.step("the owner left", m -> m.remove(twins.actor(CARL), authority(twins.actor(CARL)), twins.read(m, CARL)), Change.LAST_OWNER);
    }

    @Test
    void removal_ofAMemberInAsManyServiceGroupsAsTheyMayBe_isOneTransaction_andAnswersAlike() {
        Twins twins = new Twins("twin-large", "bob");
        Membership member = stored.find(twins.tenant, BOB).orElseThrow();
        Organisation organisation = organisations.find(twins.tenant).orElseThrow();
        ServiceId service = new ServiceId("reports");
        assertThat(services.create(organisation, Service.created(service, "Reports"))).isEqualTo(Services.Creation.CREATED);
        int most = Services.MOST_GROUPS_OF_A_MEMBER;
        for (int i = 0; i < most; i++) {
            assertThat(services.assign(organisation, new ServiceGroup(service, new GroupName("g" + i)), BOB,
                    member.userId(), services.find(organisation, service).orElseThrow(), Optional.empty())).isEqualTo(Services.Assignment.ASSIGNED);
        }
        twins.memory.serviceGroups(twins.tenant, BOB, groups(service, 0, most));

        assertThat(services.assign(organisation, new ServiceGroup(service, new GroupName("g" + most)), BOB,
                member.userId(), services.find(organisation, service).orElseThrow(), Optional.empty()))
                .as("one group more").isEqualTo(Services.Assignment.TOO_MANY_GROUPS);
        assertThat(services.assign(organisation, new ServiceGroup(service, new GroupName("g0")), BOB,
                member.userId(), services.find(organisation, service).orElseThrow(), Optional.empty()))
                .as("a group they are in already").isEqualTo(Services.Assignment.ASSIGNED);
        UserKey owner = twins.owner;
        twins.step("every assignment with the membership", m -> m.remove(twins.actor(owner),
                authority(twins.actor(owner)), twins.read(m, BOB)), Change.DONE);
    }

    @Test
    void pages_answerAlike() {
        Twins twins = new Twins("twin-pages", "bob", "carl", "dana", "eve");

        for (int limit : List.of(1, 2, 4, 5, 6)) {
            assertThat(pages(twins.memory, twins.tenant, twins.life, limit)).as("pages of " + limit)
                    .isEqualTo(pages(stored, twins.tenant, twins.life, limit));
        }
    }

    @Test
    void ownLists_answerAlike() {
        Twins first = new Twins("twin-own-a", "fay");
        Twins second = new Twins("twin-own-b", "fay");
        UserKey fay = user("fay");
        second.memory.ofUser(fay, Optional.empty(), 10, Optional.empty()).memberships()
                .forEach(listed -> first.memory.add(listed.membership(), listed.organisation()));

        indexesCaughtUp();
        Members.UserMembershipPage every = stored.ofUser(fay, Optional.empty(), 10, Optional.empty());
        assertThat(first.memory.ofUser(fay, Optional.empty(), 10, Optional.empty()).memberships()).isEqualTo(every.memberships())
                .hasSize(2);
        assertThat(every.last()).as("nothing after the last").isEmpty();
        Members.UserMembershipPage firstPage = stored.ofUser(fay, Optional.empty(), 1, Optional.empty());
        Members.UserMembershipPage firstInMemory = first.memory.ofUser(fay, Optional.empty(), 1, Optional.empty());
        assertThat(firstInMemory.memberships()).as("the first").isEqualTo(firstPage.memberships());
        assertThat(firstInMemory.last()).as("and more").isPresent();
        assertThat(firstPage.last()).as("and more").isPresent();
        assertThat(first.memory.ofUser(fay, Optional.empty(), 1, firstInMemory.last()).memberships()).as("the second")
                .isEqualTo(stored.ofUser(fay, Optional.empty(), 1, firstPage.last()).memberships())
                .containsExactly(every.memberships().get(1));
        Optional<TenantId> bound = Optional.of(TenantId.of("twin-own-b"));
        assertThat(first.memory.ofUser(fay, bound, 10, Optional.empty()).memberships()).as("bound to one tenant")
                .isEqualTo(stored.ofUser(fay, bound, 10, Optional.empty()).memberships()).hasSize(1);
    }

    /** Every page, walked with each page's last member as the next start, and whether each said there was more. */
    private static List<String> pages(Members members, TenantId tenant, Incarnation life, int limit) {
        List<String> pages = new ArrayList<>();
        Optional<UserKey> after = Optional.empty();
        do {
            Members.MemberPage page = members.list(tenant, life, limit, after);
            pages.add(page.members().stream().map(Membership::userId).toList() + (page.last().isPresent() ? "+" : ""));
            after = page.last();
        } while (after.isPresent() && pages.size() < 20);
        return pages;
    }

    private static UserKey user(String subject) {
        return UserKey.of(ISSUER, subject);
    }

    private static Optional<ExpectedVersion> at(Membership member, long version) {
        return Optional.of(ExpectedVersion.exactly(member.life(), version));
    }

    /** One organisation on the table, and the same memberships in memory. */
    private final class Twins {

        final TenantId tenant;
        final Incarnation life;
        final UserKey owner;
        final InMemoryMembers memory = new InMemoryMembers();
        private final Map<UserKey, Membership> actors = new HashMap<>();

        Twins(String org, String... joining) {
            String owner = journeys().organisation(org);
            for (String user : joining) {
                journeys().join(org, owner, user);
            }
            tenant = TenantId.of(org);
            life = organisations.find(tenant).orElseThrow().incarnation();
            this.owner = user("owner-" + org);
            stored.list(tenant, life, 100, Optional.empty()).members()
                    .forEach(m -> memory.add(m, new OrganisationName(org, 1)));
            assertThat(memory.count(tenant)).isEqualTo(joining.length + 1);
        }

        /** The membership as the twin that {@code changes} belongs to reads it. */
        Membership read(MembershipChanges changes, UserKey user) {
            Members members = changes == memory ? memory : stored;
            return members.find(tenant, user).orElseThrow();
        }

        /** The member acting, as a request read them before the step's change (once, for both twins). */
        Membership actor(UserKey user) {
            return actors.computeIfAbsent(user, acting -> stored.find(tenant, acting).orElseThrow());
        }

        /** Both answer {@code expected} to {@code change}, and hold the same memberships after it. */
        void step(String step, Function<MembershipChanges, Change> change, Change expected) {
            actors.clear();
            assertThat(change.apply(storedChanges)).as(step + " on DynamoDB").isEqualTo(expected);
            assertThat(change.apply(memory)).as(step + " in memory").isEqualTo(expected);
            assertThat(memory.list(tenant, life, 100, Optional.empty()).members()).as("memberships after " + step)
                    .isEqualTo(stored.list(tenant, life, 100, Optional.empty()).members());
        }
    }

    /** What the use case would ask of {@code actor}: the owner group for an owner, else what gives members:manage. */
    private static Authority authority(Membership actor) {
        return actor.isOwner() ? Authority.owner()
                : new Holding(actor.groups(), GroupDefinitions.NONE).authorityFor(SystemPermissions.MEMBERS_MANAGE);
    }

    /** The groups {@code g<from>} to {@code g<to - 1>} of {@code service}. */
    private static Set<ServiceGroup> groups(ServiceId service, int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> new ServiceGroup(service, new GroupName("g" + i)))
                .collect(Collectors.toSet());
    }
}
