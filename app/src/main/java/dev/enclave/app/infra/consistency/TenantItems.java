package dev.enclave.app.infra.consistency;

import dev.enclave.app.infra.consistency.Entity.OrganisationEntity;
import dev.enclave.identity.TenantId;
import java.util.LinkedHashMap;
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

    /** The entities of one type by what identifies them (their keys are unique, so is that), in their order. */
    <T extends Entity, K> Map<K, T> by(Class<T> type, Function<T, K> identity) {
        return all(type).stream().collect(Collectors.toMap(identity, Function.identity(), (one, other) -> {
            throw new IllegalStateException("two entities of one identity");
        }, LinkedHashMap::new));
    }
}
