package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.consistency.Entity.OrganisationEntity;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.profile.ProfileReads;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The table's invariants, as a pure function of its items: each item of a tenant's control partition
 * ({@code TENANT#<id>#}) is of a known kind, maps, and carries its own index entries; each partition's items agree
 * with each other and with their organisation item. Tenants' data namespaces are counted, not read; a user's own
 * partition holds only their profile record, which must map. Holds the
 * control items (never the data) in memory while it checks.
 */
public final class Invariants {

    private Invariants() {
    }

    public static Findings check(Stream<Map<String, AttributeValue>> items) {
        return check(items, Instant.now());
    }

    /** The invariants as they stand at {@code now}: owed work still within its bound is not a violation yet. */
    public static Findings check(Stream<Map<String, AttributeValue>> items, Instant now) {
        List<Violation> violations = new ArrayList<>();
        Map<TenantId, List<TableItem>> partitions = new TreeMap<>(Comparator.comparing(TenantId::value));
        Map<TenantId, List<TableItem>> lookups = new TreeMap<>(Comparator.comparing(TenantId::value));
        long read = 0;
        long tenantData = 0;
        for (Iterator<Map<String, AttributeValue>> each = items.iterator(); each.hasNext(); read++) {
            TableItem item = new TableItem(each.next());
            Namespace namespace = Namespace.of(item.partitionKey());
            if (namespace instanceof Namespace.Control control) {
                partitions.computeIfAbsent(control.tenant(), tenant -> new ArrayList<>()).add(item);
            } else if (namespace instanceof Namespace.KeyLookup lookup) {
                lookups.computeIfAbsent(lookup.tenant(), tenant -> new ArrayList<>()).add(item);
            } else if (namespace instanceof Namespace.TenantData) {
                tenantData++;
            } else if (namespace instanceof Namespace.UserRecord) {
                ProfileReads.check(item.attributes()).ifPresent(why -> violations.add(new Violation(
                        ViolationKind.MALFORMED_ITEM, Violation.NO_TENANT, item.key(), why)));
            } else {
                violations.add(new Violation(ViolationKind.UNKNOWN_ITEM, Violation.NO_TENANT, item.key(),
                        "partition key of no namespace"));
            }
        }
        partitions.forEach((tenant, partition) -> violations.addAll(check(tenant, partition,
                lookups.getOrDefault(tenant, List.of()), now)));
        lookups.keySet().stream().filter(tenant -> !partitions.containsKey(tenant)).forEach(tenant ->
                violations.addAll(check(tenant, List.of(), lookups.get(tenant), now)));
        return new Findings(read, partitions.size(), tenantData, violations);
    }

    /** The items another incarnation of the organisation wrote. */
    private static List<Violation> incarnations(TenantId tenant, List<TableItem> items, Organisation organisation) {
        return items.stream().filter(item -> !Incarnations.belongsTo(item.attributes(), organisation.incarnation()))
                .map(item -> Violation.of(ViolationKind.DEAD_INCARNATION, tenant, item, "written by incarnation "
                        + item.string(Incarnations.ATTRIBUTE).map(Invariants::printable).orElse("?")
                        + ", not the organisation's " + organisation.incarnation().value()))
                .toList();
    }

    private static String printable(String value) {
        return value.length() <= 16 && value.chars().allMatch(c -> c >= 0x21 && c < 0x7f) ? value : "(unreadable)";
    }

    private static List<Violation> check(TenantId tenant, List<TableItem> items, List<TableItem> lookups,
                                         Instant now) {
        List<Violation> violations = new ArrayList<>();
        List<Entity> entities = items.stream()
                .map(item -> ItemRules.recognise(tenant, item, violations)).flatMap(Optional::stream).toList();
        TenantItems partition = new TenantItems(tenant, entities);
        Optional<OrganisationEntity> organisation = partition.organisation();
        if (organisation.isEmpty()) {
            items.forEach(item -> violations.add(Violation.of(ViolationKind.ITEM_WITHOUT_ORGANISATION, tenant, item,
                    "control item in a partition with no organisation item")));
            lookups.stream().filter(item -> !LookupRules.beingSettled(item, now)).forEach(item -> violations.add(
                    Violation.of(ViolationKind.ITEM_WITHOUT_ORGANISATION, tenant, item,
                    "API key lookup entry of a partition with no organisation item")));
            return violations;
        }
        violations.addAll(incarnations(tenant, items, organisation.get().organisation()));
        violations.addAll(OrganisationItemChecks.check(partition, organisation.get()));
        violations.addAll(ReferenceRules.check(partition));
        violations.addAll(ExpiryRules.check(partition, now));
        violations.addAll(EventRules.check(partition));
        violations.addAll(LookupRules.check(tenant, partition.all(Entity.ApiKeyEntity.class), lookups, now));
        return violations;
    }
}
