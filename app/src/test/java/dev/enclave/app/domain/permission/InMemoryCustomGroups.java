package dev.enclave.app.domain.permission;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.identity.TenantId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@link CustomGroups} in memory, with the store's conditions: the version read, an active organisation. */
final class InMemoryCustomGroups implements CustomGroups {

    private final Map<TenantId, GroupDefinitions> stored = new HashMap<>();
    private final Map<TenantId, Set<GroupName>> held = new HashMap<>();
    private final List<NewEvent> events = new ArrayList<>();
    private final Set<TenantId> busy = new HashSet<>();
    private int stores;

    /** Someone in {@code tenant} holds {@code group}. */
    InMemoryCustomGroups holding(TenantId tenant, GroupName group) {
        held.computeIfAbsent(tenant, t -> new HashSet<>()).add(group);
        return this;
    }

    List<NewEvent> events() {
        return events;
    }

    /** From now on, another writer changes {@code tenant}'s definitions just before each store. */
    InMemoryCustomGroups changedBeforeEachStore(TenantId tenant) {
        busy.add(tenant);
        return this;
    }

    int stores() {
        return stores;
    }

    @Override
    public GroupDefinitions of(TenantId tenant) {
        return stored.getOrDefault(tenant, GroupDefinitions.NONE);
    }

    @Override
    public Stored store(Organisation organisation, GroupDefinitions before, GroupDefinitions after, NewEvent event) {
        if (organisation.status() != OrganisationStatus.ACTIVE) {
            return Stored.ORGANISATION_NOT_ACTIVE;
        }
        stores++;
        if (busy.contains(organisation.id())) {
            GroupDefinitions now = of(organisation.id());
            stored.put(organisation.id(), new GroupDefinitions(now.custom(), now.version() + 1));
        }
        if (of(organisation.id()).version() != before.version()) {
            return Stored.CHANGED_MEANWHILE;
        }
        stored.put(organisation.id(), after);
        events.add(event);
        return Stored.STORED;
    }

    @Override
    public Stored deleteUnheld(Organisation organisation, GroupDefinitions before, GroupName group, NewEvent event) {
        if (held.getOrDefault(organisation.id(), Set.of()).contains(group)) {
            return Stored.HELD;
        }
        return store(organisation, before, before.without(group), event);
    }
}
