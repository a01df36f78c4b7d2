package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An organisation's custom groups, all in one item ({@code SK = GROUPS}) so an access decision reads them in the
 * same BatchGetItem as the membership: {@code groups} maps each id to its description, permissions (a list, since
 * DynamoDB has no empty set), times and version, and {@code grants}, the grants of it since the item was last written
 * whole (a grant does not change the definitions, so it leaves the version): a deletion that found nobody holding its
 * group is written only if no grant of it came since. {@code version} counts changes to the whole.
 */
final class GroupDefinitionItems {

    /** The item's sort key. */
    static final String SORT_KEY = "GROUPS";
    static final String VERSION = "version";
    static final String GRANTS = "grants";
    private static final String GROUPS = "groups";
    private static final String DESCRIPTION = "description";
    private static final String PERMISSIONS = "permissions";
    private static final String CREATED_AT = "createdAt";
    private static final String UPDATED_AT = "updatedAt";

    private GroupDefinitionItems() {
    }

    static ItemKey key(TenantId tenant) {
        return ItemKey.inTenant(tenant, SORT_KEY);
    }

    /** The grants of {@code group} counted on {@code item} (0 when none since the item was last written whole). */
    static long grants(Map<String, AttributeValue> item, GroupName group) {
        return Optional.ofNullable(item.get(GROUPS)).filter(AttributeValue::hasM)
                .map(groups -> groups.m().get(group.value())).filter(AttributeValue::hasM)
                .flatMap(found -> ItemAttributes.optionalNumber(found.m(), GRANTS)).orElse(0L);
    }

    /** The condition that the definitions are at {@code version} with {@code grants} of {@code group} counted. */
    static Expr asRead(long version, GroupName group, long grants) {
        Expr path = Expr.of("").name("#groups", GROUPS).name("#group", group.value()).name("#grants", GRANTS);
        Expr counted = grants == 0 ? Expr.of("attribute_not_exists(#groups.#group.#grants)").withPlaceholdersOf(path)
                : Expr.of("#groups.#group.#grants = :grants").withPlaceholdersOf(path).number(":grants", grants);
        return Expr.exists().and(Expr.of("#version = :version").name("#version", VERSION).number(":version", version))
                .and(counted);
    }

    /**
     * The write by which granting {@code group} lands only on the group as judged, defined in the life that began at
     * {@code life}, counted as one more grant of it.
     */
    static Write granting(TenantId tenant, GroupName group, Instant life) {
        return new Write.Update(key(tenant), counting(Set.of(group)), Optional.of(Expr.of(
                "#gdGroups.#gdGroup0.#gdCreated = :gdLife").name("#gdGroups", GROUPS).name("#gdGroup0", group.value())
                .name("#gdCreated", CREATED_AT).value(":gdLife", AttributeValue.fromS(life.toString()))));
    }

    /** The update counting one more grant of each of {@code groups}, defined groups all. */
    static Expr counting(Set<GroupName> groups) {
        Expr.UpdateBuilder update = Expr.update().name("#gdGroups", GROUPS).name("#gdGrants", GRANTS)
                .number(":gdZero", 0).number(":gdOne", 1);
        List<GroupName> sorted = groups.stream().sorted().toList();
        for (int i = 0; i < sorted.size(); i++) {
            String path = "#gdGroups.#gdGroup" + i + ".#gdGrants";
            update.set(path + " = if_not_exists(" + path + ", :gdZero) + :gdOne").name("#gdGroup" + i,
                    sorted.get(i).value());
        }
        return update.build();
    }

    /** Whether {@code old} defines {@code group} in the life that began at {@code life}. */
    static boolean definesAsJudged(Map<String, AttributeValue> old, GroupName group, Instant life) {
        Optional<Instant> now = Optional.ofNullable(old.get(GROUPS)).filter(AttributeValue::hasM)
                .map(groups -> groups.m().get(group.value())).filter(AttributeValue::hasM)
                .map(found -> Instant.parse(ItemAttributes.string(found.m(), CREATED_AT)));
        return now.equals(Optional.of(life));
    }

    static Map<String, AttributeValue> toItem(TenantId tenant, GroupDefinitions definitions) {
        Map<String, AttributeValue> groups = new HashMap<>();
        definitions.custom().forEach((id, group) -> groups.put(id.value(), AttributeValue.fromM(group(group))));
        Map<String, AttributeValue> item = new HashMap<>(ItemBuilder.at(key(tenant)).string("type", "group-definitions")
                .string("tenant", tenant.value()).number(VERSION, definitions.version()).build());
        item.put(GROUPS, AttributeValue.fromM(groups));
        return Map.copyOf(item);
    }

    static GroupDefinitions fromItem(Map<String, AttributeValue> item) {
        AttributeValue groups = item.get(GROUPS);
        if (groups == null || !groups.hasM()) {
            throw new IllegalArgumentException("no groups");
        }
        TreeMap<GroupName, CustomGroup> custom = new TreeMap<>();
        groups.m().forEach((id, group) -> custom.put(new GroupName(id), group(new GroupName(id), group.m())));
        return new GroupDefinitions(custom, ItemAttributes.number(item, VERSION));
    }

    private static Map<String, AttributeValue> group(CustomGroup group) {
        return Map.of(DESCRIPTION, AttributeValue.fromS(group.description()),
                PERMISSIONS, AttributeValue.fromL(group.permissions().stream().map(Permission::value).sorted()
                        .map(AttributeValue::fromS).toList()),
                CREATED_AT, AttributeValue.fromS(group.createdAt().toString()),
                UPDATED_AT, AttributeValue.fromS(group.updatedAt().toString()),
                VERSION, AttributeValue.fromN(Long.toString(group.version())));
    }

    private static CustomGroup group(GroupName id, Map<String, AttributeValue> group) {
        List<AttributeValue> permissions = group.get(PERMISSIONS).l();
        Set<Permission> held = permissions.stream().map(p -> new Permission(p.s())).collect(Collectors.toSet());
        return new CustomGroup(id, ItemAttributes.string(group, DESCRIPTION), held,
                Instant.parse(ItemAttributes.string(group, CREATED_AT)),
                Instant.parse(ItemAttributes.string(group, UPDATED_AT)), ItemAttributes.number(group, VERSION));
    }
}
