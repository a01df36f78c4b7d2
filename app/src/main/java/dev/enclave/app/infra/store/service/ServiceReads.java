package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.StoredKind;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How services and their assignments are read from outside their store: the generations an invitation records of
 * the services it grants groups of, and every item the store keeps by the consistency checker.
 */
public final class ServiceReads {

    /** A service. */
    public static final StoredKind<Service> SERVICE = StoredKind.prefixed(ServiceKeys.SERVICE_PREFIX,
            ServiceItems::fromItem, ServiceItems::written);
    /** A member's place in a service group. */
    public static final StoredKind<Assignment> ASSIGNMENT = StoredKind.prefixed(ServiceKeys.ASSIGNMENT_PREFIX,
            AssignmentItems::fromItem, (tenant, assignment) -> AssignmentItems.item(tenant, assignment.group(),
                    assignment.user(), assignment.userId()));

    private ServiceReads() {
    }

    /** The read of {@code service}'s item, for a BatchGetItem with other items (a permission check's). */
    public static ItemRead<Service> item(TenantId tenant, ServiceId service) {
        return new ItemRead<>(ItemKind.SERVICE, ServiceKeys.service(tenant, service), ServiceItems::fromItem);
    }

    /**
     * The generation of each of {@code services} there is in {@code tenant}'s partition now (one strongly
     * consistent BatchGetItem on {@code table}); a service missing is left out.
     */
    public static Map<ServiceId, String> generations(ScopedTable table, CheckedItems checked, TenantId tenant,
                                                     Set<ServiceId> services) {
        List<ItemKey> keys = services.stream().map(service -> ServiceKeys.service(tenant, service)).toList();
        return checked.all(ItemKind.SERVICE, ReadScope.tenant(tenant), keys.isEmpty() ? List.of()
                        : table.getAll(keys), item -> Map.entry(ServiceItems.fromItem(item).id(),
                        ServiceItems.generation(item))).stream()
                .filter(service -> services.contains(service.getKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /** A member's place in a service group, as its item records it. */
    public record Assignment(ServiceGroup group, UserKey user, String userId) {

        public Assignment {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(userId, "userId");
        }
    }
}
