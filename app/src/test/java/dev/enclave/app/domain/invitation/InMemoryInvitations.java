package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.InMemoryMembers;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.organisation.OrganisationRules;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.invitation.DynamoDbInvitations;
import dev.enclave.app.infra.store.invitation.InvitationPositions;
import dev.enclave.app.infra.store.member.MembershipRules;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * {@link Invitations} in memory, answering as {@link DynamoDbInvitations} does: each workflow is all-or-nothing under
 * the same conditions (one pending invitation per email, not yet a member, an active organisation with a seat free
 * and, to accept, still at the version read; the invitation still pending, with its token, unexpired), and a refusal
 * is read as {@link DynamoDbInvitations#outcome} reads one. Sending reads the email's invitee guard before it writes,
 * as the repository does. A test states the organisation, its members and services, may slip a concurrent change in
 * just before the next write ({@link #beforeNextWrite}), and can count the reads.
 */
final class InMemoryInvitations implements Invitations {

    private final Map<TenantId, Organisation> organisations = new HashMap<>();
    private final Map<TenantId, Organisation> firstSeen = new HashMap<>();
    private final Map<At<InvitationId>, Invitation> invitations = new LinkedHashMap<>();
    /** The invitee guards: the one pending invitation of an email. */
    private final Map<At<EmailKey>, InvitationId> invitees = new HashMap<>();
    private final InMemoryMembers memberships = new InMemoryMembers();
    /** The organisation's name as each membership carries a copy of it. */
    /** The members' email guards. */
    private final Set<At<EmailKey>> memberEmails = new HashSet<>();
    /** The services, by their generation: one deleted and created again is another generation. */
    private final Map<At<ServiceId>, String> services = new HashMap<>();
    private final Set<At<Assignment>> assignments = new HashSet<>();
    private final List<Runnable> beforeNextWrite = new ArrayList<>();
    private int reads;

    /** A key within a tenant's partition. */
    private record At<T>(TenantId tenant, T id) {
    }

    private record Assignment(ServiceGroup group, UserKey user) {
    }

    /** The organisation, as stored from now on. */
    InMemoryInvitations organisation(Organisation organisation) {
        organisations.put(organisation.id(), organisation);
        firstSeen.putIfAbsent(organisation.id(), organisation);
        return this;
    }

    Optional<Organisation> organisation(TenantId tenant) {
        return Optional.ofNullable(organisations.get(tenant));
    }

    /**
     * The organisation as a request would have read it before writing: as stored, or, once it is gone, as it was
     * first set up.
     */
    Organisation read(TenantId tenant) {
        return organisation(tenant).orElseGet(() -> firstSeen.get(tenant));
    }

    /** The organisation suspended, resumed or marked for deletion, as the platform does it (a new version). */
    InMemoryInvitations status(TenantId tenant, OrganisationStatus status) {
        Organisation now = organisations.get(tenant);
        organisations.put(tenant, new Organisation(tenant, now.name(), now.seats(), now.members(), status,
                now.version() + 1, now.createdAt(), now.limits()));
        return this;
    }

    /** The organisation's seats changed, as a platform admin does it (a new version). */
    InMemoryInvitations seats(TenantId tenant, int seats) {
        Organisation now = organisations.get(tenant);
        organisations.put(tenant, new Organisation(tenant, now.name(), seats, now.members(), now.status(),
                now.version() + 1, now.createdAt(), now.limits()));
        return this;
    }

    /** The organisation renamed, at a new version. */
    InMemoryInvitations renamed(TenantId tenant, String name) {
        organisations.put(tenant, organisations.get(tenant).renamed(name));
        return this;
    }

    /** Removes the organisation, as a finished deletion does. */
    InMemoryInvitations organisationGone(TenantId tenant) {
        organisations.remove(tenant);
        return this;
    }

    /** An existing member, with their email guard and their seat. */
    InMemoryInvitations member(Membership membership) {
        Organisation organisation = organisations.get(membership.tenant());
        memberships.add(membership, new OrganisationName(organisation.name(), organisation.version()));
        memberEmail(membership).ifPresent(memberEmails::add);
        organisations.put(organisation.id(), withMembers(organisation, organisation.members() + 1));
        return this;
    }

    InMemoryInvitations service(TenantId tenant, ServiceId service) {
        services.put(new At<>(tenant, service), UUID.randomUUID().toString());
        return this;
    }

    /** The service is deleted, its assignments with it. */
    InMemoryInvitations serviceDeleted(TenantId tenant, ServiceId service) {
        services.remove(new At<>(tenant, service));
        assignments.removeIf(at -> at.tenant().equals(tenant) && at.id().group().service().equals(service));
        return this;
    }

    /** What TTL does to an invitation past its retention: the item goes, its invitee guard may outlive it. */
    InMemoryInvitations removedByTtl(Invitation invitation) {
        invitations.remove(new At<>(invitation.tenant(), invitation.id()));
        return this;
    }

    /** A change another request makes after this one read and before its next write. */
    InMemoryInvitations beforeNextWrite(Runnable change) {
        beforeNextWrite.add(change);
        return this;
    }

    Optional<Membership> membership(TenantId tenant, UserKey user) {
        return memberships.find(tenant, user);
    }

    Optional<OrganisationName> nameCopy(TenantId tenant, UserKey user) {
        return memberships.ofUser(user, Optional.empty(), Integer.MAX_VALUE, Optional.empty()).memberships().stream().filter(own -> own.membership().tenant().equals(tenant))
                .map(Members.UserMembership::organisation).findFirst();
    }

    boolean assigned(TenantId tenant, ServiceGroup group, UserKey user) {
        return assignments.contains(new At<>(tenant, new Assignment(group, user)));
    }

    /** The invitation the email's invitee guard names, if any. */
    Optional<InvitationId> guardOf(TenantId tenant, Email email) {
        return Optional.ofNullable(invitees.get(new At<>(tenant, EmailKey.of(email))));
    }

    List<Invitation> all(TenantId tenant) {
        return invitations.values().stream().filter(i -> i.tenant().equals(tenant)).toList();
    }

    /** How many times invitations (and, to accept, their organisations) were read. */
    int reads() {
        return reads;
    }

    /** The memberships the accept use case finds a replay's membership in. */
    Members members() {
        return memberships;
    }

    @Override
    public WriteOutcome send(Invitation sent, Organisation organisation, Supersedes supersedes) {
        TenantId tenant = sent.tenant();
        Invitation invitation = sent.withServiceGenerations(generations(sent));
        At<EmailKey> invitee = new At<>(tenant, EmailKey.of(invitation.email()));
        Optional<InvitationId> previous = Optional.ofNullable(invitees.get(invitee));
        if (previous.map(id -> invitations.get(new At<>(tenant, id))).filter(old -> old.status()
                == InvitationStatus.PENDING).filter(old -> !supersedes.mayClose(old)).isPresent()) {
            return WriteOutcome.NOT_SUPERSEDABLE;
        }
        concurrentChanges();
        boolean invitationFree = !invitations.containsKey(new At<>(tenant, invitation.id()));
        boolean guardAsRead = previous.equals(Optional.ofNullable(invitees.get(invitee)));
        Optional<Invitation> superseded = previous.map(id -> invitations.get(new At<>(tenant, id)));
        boolean supersedable = superseded.map(old -> old.status() == InvitationStatus.PENDING).orElse(true);
        boolean notYetAMember = !memberEmails.contains(invitee);
        boolean seatAvailable = seatAvailable(tenant, organisation);
        boolean servicesExist = servicesExist(invitation);
        if (!(invitationFree && guardAsRead && supersedable && notYetAMember && seatAvailable && servicesExist)) {
            return refused(organisation, notYetAMember, seatAvailable, servicesExist);
        }
        superseded.ifPresent(old -> put(closed(old, InvitationStatus.SUPERSEDED, Optional.empty())));
        put(invitation);
        invitees.put(invitee, invitation.id());
        return WriteOutcome.DONE;
    }

    @Override
    public Onboarding onboard(Organisation organisation, Invitation ownerInvitation) {
        concurrentChanges();
        Organisation held = organisations.get(organisation.id());
        if (held != null) {
            return held.status() == OrganisationStatus.DELETING ? Onboarding.BEING_DELETED : Onboarding.TAKEN;
        }
        organisations.put(organisation.id(), organisation);
        put(ownerInvitation);
        invitees.put(new At<>(organisation.id(), EmailKey.of(ownerInvitation.email())), ownerInvitation.id());
        return Onboarding.DONE;
    }

    @Override
    public Optional<Invitation> find(TenantId tenant, InvitationId id) {
        reads++;
        return Optional.ofNullable(invitations.get(new At<>(tenant, id)));
    }

    @Override
    public Optional<ToAccept> findToAccept(TenantId tenant, InvitationId id) {
        reads++;
        return Optional.ofNullable(invitations.get(new At<>(tenant, id)))
                .map(invitation -> new ToAccept(invitation, organisation(tenant)));
    }

    @Override
    public WriteOutcome accept(Invitation invitation, Membership membership, Organisation organisation,
                               GroupDefinitions definitions, long nowEpochSeconds) {
        concurrentChanges();
        TenantId tenant = invitation.tenant();
        At<InvitationId> key = new At<>(tenant, invitation.id());
        At<UserKey> member = new At<>(tenant, membership.user());
        At<EmailKey> invitee = new At<>(tenant, EmailKey.of(invitation.email()));
        Invitation stored = invitations.get(key);
        boolean stillPending = stored != null && stored.status() == InvitationStatus.PENDING
                && stored.tokenHash().equals(invitation.tokenHash())
                && stored.validUntil().getEpochSecond() > nowEpochSeconds;
        boolean notYetAMember = memberships.find(tenant, membership.user()).isEmpty()
                && !memberEmails.contains(invitee);
        boolean seatAvailable = seatAvailable(tenant, organisation)
                && organisations.get(tenant).version() == organisation.version();
        boolean guardNamesIt = invitation.id().equals(invitees.get(invitee));
        boolean servicesExist = servicesExist(invitation);
        boolean inviterMayGrant = invitation.inviter().map(inviter -> MembershipRules.mayGrant(
                memberships.find(tenant, inviter).filter(found -> invitation.sentInMembershipOf(found.joinedAt())),
                GroupDefinitions.NONE, invitation.groups())).orElse(true);
        if (!(stillPending && notYetAMember && seatAvailable && guardNamesIt && servicesExist && inviterMayGrant)) {
            boolean onlyTheInviter = notYetAMember && seatAvailable && servicesExist && !inviterMayGrant;
            return onlyTheInviter ? WriteOutcome.INVITER_GONE
                    : refused(organisation, notYetAMember, seatAvailable, servicesExist);
        }
        put(closed(stored, InvitationStatus.ACCEPTED, Optional.of(membership.user())));
        invitees.remove(invitee);
        memberships.add(membership, new OrganisationName(organisation.name(), organisation.version()));
        memberEmail(membership).ifPresent(memberEmails::add);
        Organisation current = organisations.get(tenant);
        organisations.put(tenant, withMembers(current, current.members() + 1));
        invitation.serviceGroups().forEach(group -> assignments.add(new At<>(tenant,
                new Assignment(group, membership.user()))));
        return WriteOutcome.DONE;
    }

    @Override
    public boolean revoke(Invitation invitation) {
        concurrentChanges();
        Organisation organisation = organisations.get(invitation.tenant());
        return organisation != null && organisation.status() != OrganisationStatus.DELETING
                && closedAs(invitation, InvitationStatus.REVOKED, false);
    }

    @Override
    public WriteOutcome decline(Invitation invitation, Organisation read) {
        concurrentChanges();
        Organisation organisation = organisations.get(invitation.tenant());
        if (organisation == null || organisation.status() == OrganisationStatus.DELETING
                || !organisation.createdAt().equals(read.createdAt())) {
            return WriteOutcome.ORGANISATION_GONE;
        }
        if (organisation.status() == OrganisationStatus.SUSPENDED) {
            return WriteOutcome.ORGANISATION_SUSPENDED;
        }
        return closedAs(invitation, InvitationStatus.DECLINED, true) ? WriteOutcome.DONE
                : WriteOutcome.INVITATION_CHANGED;
    }

    private boolean closedAs(Invitation invitation, InvitationStatus status, boolean withTheTokenRead) {
        At<InvitationId> key = new At<>(invitation.tenant(), invitation.id());
        At<EmailKey> invitee = new At<>(invitation.tenant(), EmailKey.of(invitation.email()));
        Invitation stored = invitations.get(key);
        if (stored == null || stored.status() != InvitationStatus.PENDING
                || !invitation.id().equals(invitees.get(invitee))
                || withTheTokenRead && !stored.tokenHash().equals(invitation.tokenHash())) {
            return false;
        }
        put(closed(stored, status, Optional.empty()));
        invitees.remove(invitee);
        return true;
    }

    @Override
    public boolean renew(Invitation invitation, String tokenHash, Instant validUntil) {
        concurrentChanges();
        Invitation stored = invitations.get(new At<>(invitation.tenant(), invitation.id()));
        if (stored == null || stored.status() != InvitationStatus.PENDING
                || !stored.tokenHash().equals(invitation.tokenHash()) || !invitation.id().equals(
                invitees.get(new At<>(invitation.tenant(), EmailKey.of(invitation.email()))))) {
            return false;
        }
        put(invitation.as(stored.status(), tokenHash, validUntil, stored.acceptedBy()));
        return true;
    }

    @Override
    public InvitationPage withStatus(Organisation organisation, InvitationStatus status, int limit,
                                     Optional<String> after) {
        reads++;
        TenantId tenant = organisation.id();
        List<Invitation> listed = invitations.values().stream()
                .filter(i -> i.tenant().equals(tenant) && i.status() == status)
                .sorted(Comparator.comparing(InvitationPositions::of).reversed())
                .filter(i -> after.map(position -> InvitationPositions.of(i).compareTo(position) < 0)
                        .orElse(true))
                .toList();
        List<Invitation> page = listed.subList(0, Math.min(limit, listed.size()));
        return new InvitationPage(page, listed.size() > limit
                ? Optional.of(InvitationPositions.of(page.get(page.size() - 1))) : Optional.empty());
    }

    @Override
    public InvitationPage pendingFor(EmailKey email, Optional<TenantId> in, int limit, Optional<String> after) {
        reads++;
        List<Invitation> page = invitations.values().stream()
                .filter(i -> i.status() == InvitationStatus.PENDING && EmailKey.of(i.email()).equals(email))
                .filter(i -> in.map(i.tenant()::equals).orElse(true))
                .sorted(Comparator.comparing(InMemoryInvitations::inviteePosition))
                .filter(i -> after.map(position -> inviteePosition(i).compareTo(position) > 0)
                        .orElse(true))
                .limit(limit).toList();
        return new InvitationPage(page, page.size() == limit && !page.isEmpty()
                ? Optional.of(inviteePosition(page.get(page.size() - 1))) : Optional.empty());
    }

    /** Where the invitee index sorts an invitation: by organisation, then id. */
    private static String inviteePosition(Invitation invitation) {
        return invitation.tenant().value() + "#" + invitation.id().value();
    }

    /** As {@link DynamoDbInvitations#outcome} reads a refusal: a member first, then the organisation as it is. */
    private WriteOutcome refused(Organisation read, boolean notYetAMember, boolean seatAvailable,
                                 boolean servicesExist) {
        if (!notYetAMember) {
            return WriteOutcome.ALREADY_MEMBER;
        } else if (!seatAvailable) {
            return OrganisationRules.refusal(organisation(read.id()), read).map(WriteOutcome::refusedBy)
                    .orElse(WriteOutcome.INVITATION_CHANGED);
        }
        return servicesExist ? WriteOutcome.INVITATION_CHANGED : WriteOutcome.SERVICE_GONE;
    }

    /** Every service the invitation grants groups of is there, of the generation it records (if it records one). */
    private boolean servicesExist(Invitation invitation) {
        return grantedServicesStillThere(invitation).containsAll(invitation.grantedServices());
    }

    private Map<ServiceId, String> generations(Invitation invitation) {
        return invitation.grantedServices().stream().filter(id -> services.containsKey(new At<>(invitation.tenant(),
                id))).collect(Collectors.toMap(id -> id, id -> services.get(new At<>(invitation.tenant(), id))));
    }

    @Override
    public Set<ServiceId> grantedServicesStillThere(Invitation invitation) {
        return invitation.grantedServices().stream().filter(service -> Optional.ofNullable(services.get(
                new At<>(invitation.tenant(), service))).filter(generation -> Optional.ofNullable(
                invitation.serviceGenerations().get(service)).map(generation::equals).orElse(true)).isPresent())
                .collect(Collectors.toSet());
    }

    /** The organisation item's condition: the incarnation read, active, with a seat free. */
    private boolean seatAvailable(TenantId tenant, Organisation read) {
        Organisation organisation = organisations.get(tenant);
        return organisation != null && organisation.createdAt().equals(read.createdAt())
                && organisation.status() == OrganisationStatus.ACTIVE
                && organisation.members() < organisation.seats();
    }

    private void concurrentChanges() {
        List<Runnable> changes = List.copyOf(beforeNextWrite);
        beforeNextWrite.clear();
        changes.forEach(Runnable::run);
    }

    private void put(Invitation invitation) {
        invitations.put(new At<>(invitation.tenant(), invitation.id()), invitation);
    }

    private static Invitation closed(Invitation invitation, InvitationStatus status, Optional<UserKey> acceptedBy) {
        return invitation.as(status, invitation.tokenHash(), invitation.validUntil(), acceptedBy);
    }

    private static Optional<At<EmailKey>> memberEmail(Membership membership) {
        return membership.email().map(email -> new At<>(membership.tenant(), EmailKey.of(email)));
    }

    private static Organisation withMembers(Organisation organisation, int members) {
        return new Organisation(organisation.id(), organisation.name(), organisation.seats(), members,
                organisation.status(), organisation.version(), organisation.createdAt(), organisation.limits());
    }
}
