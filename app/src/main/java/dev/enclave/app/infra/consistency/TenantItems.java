package dev.enclave.app.infra.consistency;

import dev.enclave.app.infra.consistency.Entity.OrganisationEntity;
import dev.enclave.identity.TenantId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** One tenant's control partition as the entities that mapped at their own key: what relations are checked on. */
record TenantItems(TenantId tenant, List<Entity> entities) {

    TenantItems {
        entities = List.copyOf(entities);
    }

    Optional<OrganisationEntity> organisation() {
        return all(OrganisationEntity.class).stream().findFirst();
    }

    <T extends Entity> List<T> all(Class<T> type) {
        return entities.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** The entities of one type by their sort key. */
    <T extends Entity> Map<String, T> bySortKey(Class<T> type) {
        return all(type).stream().collect(Collectors.toMap(entity -> entity.item().sortKey(), Function.identity()));
    }
}
