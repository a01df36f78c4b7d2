package dev.enclave.app.infra.consistency;

import dev.enclave.identity.TenantId;
import dev.enclave.table.IndexDesign;
import dev.enclave.table.TableDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Each item on its own: of a known kind, mapped by its entity's mapper, at its own key, with its index entries. */
final class ItemRules {

    /** The indexes whose entries each entity's own mapping writes. */
    private static final List<Map.Entry<IndexDesign, ViolationKind>> INDEXES = List.of(
            Map.entry(TableDesign.BY_USER, ViolationKind.USER_INDEX_ENTRY),
            Map.entry(TableDesign.BY_TENANT_COLLECTION, ViolationKind.COLLECTION_INDEX_ENTRY));

    private ItemRules() {
    }

    /** The item as its entity; or why not, added to {@code violations}. */
    static Optional<Entity> recognise(TenantId tenant, TableItem item, List<Violation> violations) {
        Optional<EntityKind> kind = EntityKind.of(item.sortKey());
        if (kind.isEmpty()) {
            violations.add(Violation.of(ViolationKind.UNKNOWN_ITEM, tenant, item, "sort key of no kind of item"));
            return Optional.empty();
        }
        EntityKind.Recognised recognised;
        try {
            recognised = kind.get().recognise(tenant, item);
        } catch (RuntimeException refused) {
            violations.add(Violation.of(ViolationKind.MALFORMED_ITEM, tenant, item, kind.get().label()
                    + " that its mapping refuses (" + refused.getClass().getSimpleName() + ")"));
            return Optional.empty();
        }
        Map<String, AttributeValue> written = recognised.written();
        if (!sameKey(item, written)) {
            violations.add(Violation.of(ViolationKind.MALFORMED_ITEM, tenant, item, kind.get().label()
                    + " whose attributes belong at another key"));
            return Optional.empty();
        }
        INDEXES.forEach(index -> indexEntry(index.getKey(), item, written)
                .ifPresent(wrong -> violations.add(Violation.of(index.getValue(), tenant, item,
                        kind.get().label() + " " + wrong))));
        return Optional.of(recognised.entity());
    }

    private static boolean sameKey(TableItem item, Map<String, AttributeValue> written) {
        return Objects.equals(item.attributes().get(TableDesign.ENCLAVE.partitionKey()),
                written.get(TableDesign.ENCLAVE.partitionKey()))
                && Objects.equals(item.attributes().get(TableDesign.ENCLAVE.sortKey()),
                written.get(TableDesign.ENCLAVE.sortKey()));
    }

    /** What is wrong with the item's entry on {@code index}, compared with what its entity writes. */
    private static Optional<String> indexEntry(IndexDesign index, TableItem item, Map<String, AttributeValue> written) {
        List<String> differing = new ArrayList<>();
        for (String attribute : List.of(index.partitionKey(), index.sortKey())) {
            if (!Objects.equals(item.attributes().get(attribute), written.get(attribute))) {
                differing.add(attribute);
            }
        }
        if (differing.isEmpty()) {
            return Optional.empty();
        }
        boolean expected = written.containsKey(index.partitionKey());
        boolean present = item.attributes().containsKey(index.partitionKey())
                || item.attributes().containsKey(index.sortKey());
        String name = index.accessPattern();
        if (!expected) {
            return Optional.of("has a " + name + " entry it should not have (" + String.join(", ", differing) + ")");
        }
        return Optional.of(present ? "has a " + name + " entry other than its own (" + String.join(", ", differing)
                + " differ)" : "has no " + name + " entry");
    }
}
