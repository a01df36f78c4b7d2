package dev.enclave.app.domain.member;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.profile.ProfileCopy;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A user's membership of an organisation, with the organisation-level groups it holds.
 *
 * @param userId the user id as the identity provider names it ({@code sub}); {@code user} is its key digest
 * @param email  the member's address, vouched for when they joined (a verified claim, or the invitation they
 *               accepted); absent when there was none
 * @param profile the copy of the user's profile the membership keeps (for the member list), and its version
 * @param serviceGroups the service groups the member is in, as their membership records them
 */
public record Membership(TenantId tenant, UserKey user, String userId, String issuer, Optional<Email> email,
                         Set<GroupName> groups, Instant joinedAt, long version, ProfileCopy profile,
                         Set<ServiceGroup> serviceGroups) {

    /** A membership in no service group. */
    public Membership(TenantId tenant, UserKey user, String userId, String issuer, Optional<Email> email,
                      Set<GroupName> groups, Instant joinedAt, long version, ProfileCopy profile) {
        this(tenant, user, userId, issuer, email, groups, joinedAt, version, profile, Set.of());
    }

    /** A membership without a copy of its user's profile (yet). */
    public Membership(TenantId tenant, UserKey user, String userId, String issuer, Optional<Email> email,
                      Set<GroupName> groups, Instant joinedAt, long version) {
        this(tenant, user, userId, issuer, email, groups, joinedAt, version, ProfileCopy.NONE);
    }

    public Membership {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(joinedAt, "joinedAt");
        Objects.requireNonNull(profile, "profile");
        groups = Set.copyOf(new TreeSet<>(groups));
        serviceGroups = Set.copyOf(serviceGroups);
    }

    /** This membership as recorded in {@code recorded} service groups. */
    public Membership inServiceGroups(Set<ServiceGroup> recorded) {
        return new Membership(tenant, user, userId, issuer, email, groups, joinedAt, version, profile, recorded);
    }

    /**
     * Whether the member holds {@code permission}: in the organisation, as {@code definitions} define their groups,
     * or within the service when one is given, through their groups of it.
     */
    public boolean holds(GroupDefinitions definitions, Optional<Service> within, Permission permission) {
        return definitions.holds(groups, permission) || within.filter(service -> service.groups()
                .anyCarries(groupsOf(service.id()), permission)).isPresent();
    }

    /** The groups of {@code service} the member is in. */
    public Set<GroupName> groupsOf(ServiceId service) {
        return serviceGroups.stream().filter(group -> group.service().equals(service)).map(ServiceGroup::group)
                .collect(Collectors.toSet());
    }

    /** Which life of the user's membership this is, as its entity tag names it: when it joined. */
    public String life() {
        return ExpectedVersion.lifeBegan(joinedAt);
    }

    public boolean isOwner() {
        return groups.contains(GroupName.OWNER);
    }

    /** Owners and admins administer the organisation. */
    public boolean isAdmin() {
        return groups.contains(GroupName.OWNER) || groups.contains(GroupName.ADMIN);
    }
}
