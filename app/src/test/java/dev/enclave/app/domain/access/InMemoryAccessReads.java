package dev.enclave.app.domain.access;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The membership and organisation a test states, in tenant {@code acme}, counted as they are read. */
public final class InMemoryAccessReads implements AccessReads {

    public static final TenantId ACME = TenantId.of("acme");

    private Optional<Membership> membership = Optional.empty();
    private Optional<Organisation> organisation = Optional.empty();
    private int count;

    /** {@code user} is a member of acme, in {@code groups} too. */
    public InMemoryAccessReads member(UserKey user, GroupName... groups) {
        Set<GroupName> all = new HashSet<>(List.of(groups));
        all.add(GroupName.MEMBER);
        membership = Optional.of(new Membership(ACME, user, "user", "iss", Optional.empty(), all, Instant.EPOCH, 1));
        return this;
    }

    /** The member is gone. */
    public InMemoryAccessReads removeMember() {
        membership = Optional.empty();
        return this;
    }

    /** Acme exists, with {@code status}. */
    public InMemoryAccessReads organisation(OrganisationStatus status) {
        organisation = Optional.of(new Organisation(ACME, "Acme", 5, 1, status, 1, Instant.EPOCH, Optional.empty()));
        return this;
    }

    private GroupDefinitions definitions = GroupDefinitions.NONE;

    /** Access decided on these facts. */
    public TenantAccess access() {
        return new TenantAccess(this);
    }

    /** How many times the facts were read. */
    public int count() {
        return count;
    }

    @Override
    public Facts read(TenantId tenant, UserKey user) {
        count++;
        return new Facts(membership.filter(m -> m.tenant().equals(tenant) && m.user().equals(user)),
                organisation.filter(o -> o.id().equals(tenant)), definitions);
    }

    @Override
    public Others readWith(TenantId tenant, UserKey user, List<UserKey> others, List<ServiceId> services) {
        Facts facts = read(tenant, user);
        Map<UserKey, Membership> found = new HashMap<>();
        facts.membership().ifPresent(own -> found.put(user, own));
        return new Others(facts, found, Map.of());
    }

    /** These facts with the organisation's custom groups {@code defined}. */
    public InMemoryAccessReads defining(GroupDefinitions defined) {
        definitions = defined;
        return this;
    }
}
