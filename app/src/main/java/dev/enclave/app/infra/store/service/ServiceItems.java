package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.ServiceGroupPermissions;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.identity.TenantId;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit mapping of a service to and from its item ({@code SK = SVC#<service>}). */
final class ServiceItems {

    static final String NAME = "name";
    static final String VERSION = "version";
    /** How many assignments to the service's groups were ever made: a deletion deletes at the count it read. */
    static final String ASSIGNED = "assigned";
    private static final String ID = "id";
    /** What the service's groups carry (absent while none carries anything). */
    private static final String GROUPS = "groups";
    /**
     * Which life of the service id this is: a service deleted and created again under its id is another service, so
     * what was granted in the first (an invitation's groups) never reaches the second.
     */
    private static final String GENERATION = "generation";
    /** The generation recorded for a service stored before generations were. */
    private static final String FIRST_GENERATION = "";

    private ServiceItems() {
    }

    /** The item of {@code service}, of its generation (none recorded for one stored before generations were). */
    static Map<String, AttributeValue> written(TenantId tenant, Service service) {
        ItemBuilder item = item(tenant, service);
        return (service.generation().equals(FIRST_GENERATION) ? item : item.string(GENERATION, service.generation()))
                .build();
    }

    private static ItemBuilder item(TenantId tenant, Service service) {
        ItemBuilder item = ItemBuilder.at(ServiceKeys.service(tenant, service.id())).string("type", "service")
                .string(ID, service.id().value()).string(NAME, service.name()).number(VERSION, service.version());
        return service.groups().carried().isEmpty() ? item : item.attribute(GROUPS, groups(service.groups()));
    }

    /** What the service's groups carry, as stored: a map of group name to a string set of permissions. */
    static AttributeValue groups(ServiceGroupPermissions groups) {
        Map<String, AttributeValue> stored = new TreeMap<>();
        groups.carried().forEach((group, permissions) -> stored.put(group.value(), AttributeValue.fromSs(
                permissions.stream().map(Permission::value).sorted().toList())));
        return AttributeValue.fromM(stored);
    }

    /** What the item's groups carry; an entry Enclave could not have written is left out, never a fault. */
    private static ServiceGroupPermissions groups(Map<String, AttributeValue> item) {
        AttributeValue stored = item.get(GROUPS);
        if (stored == null || !stored.hasM()) {
            return ServiceGroupPermissions.NONE;
        }
        Map<GroupName, Set<Permission>> carried = new TreeMap<>();
        stored.m().forEach((group, permissions) -> GroupName.parse(group).ifPresent(name -> carried.put(name,
                permissions.ss().stream().map(Permission::parse).flatMap(Optional::stream)
                        .collect(Collectors.toSet()))));
        return new ServiceGroupPermissions(carried);
    }

    /**
     * The update that makes the service's groups carry {@code groups}, one version on: written whole, at the version
     * read, so a change made meanwhile refuses it.
     */
    static Expr groupsChanged(ServiceGroupPermissions groups) {
        return Expr.update().set("#groups = :groups, #version = #version + :one").name("#groups", GROUPS)
                .name("#version", VERSION).value(":groups", groups(groups)).number(":one", 1).build();
    }

    /** The generation of the service an item holds (the first, for one stored before generations were). */
    static String generation(Map<String, AttributeValue> item) {
        return ItemAttributes.optionalString(item, GENERATION).orElse(FIRST_GENERATION);
    }

    /**
     * The service exists and is of {@code generation} when one is given (an invitation stored before generations
     * were recorded gives none, and is checked by id alone).
     */
    static Expr ofGeneration(Optional<String> generation) {
        return generation.map(expected -> Expr.exists().and(FIRST_GENERATION.equals(expected)
                        ? Expr.of("attribute_not_exists(#generation)").name("#generation", GENERATION)
                        : Expr.of("#generation = :generation").name("#generation", GENERATION)
                        .value(":generation", expected)))
                .orElseGet(Expr::exists);
    }

    static Service fromItem(Map<String, AttributeValue> item) {
        return new Service(new ServiceId(ItemAttributes.string(item, ID)), ItemAttributes.string(item, NAME),
                ItemAttributes.number(item, VERSION), groups(item), generation(item));
    }

    /** The update that counts one more assignment made. */
    static Expr oneMoreAssigned() {
        return assigned(1);
    }

    /** The update that counts {@code count} more assignments made. */
    static Expr assigned(long count) {
        return Expr.update().add("#assigned :count").name("#assigned", ASSIGNED).number(":count", count).build();
    }

    /** The service exists and has had no assignment made since {@code item} was read. */
    static Expr assignedAsRead(Map<String, AttributeValue> item) {
        Expr unchanged = ItemAttributes.optionalNumber(item, ASSIGNED)
                .map(count -> Expr.of("#assigned = :assigned").name("#assigned", ASSIGNED).number(":assigned", count))
                .orElseGet(() -> Expr.of("attribute_not_exists(#assigned)").name("#assigned", ASSIGNED));
        return Expr.exists().and(unchanged);
    }
}
