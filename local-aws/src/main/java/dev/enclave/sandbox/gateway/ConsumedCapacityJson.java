package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.sandbox.gateway.WriteCapacity.ItemCharge;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code ConsumedCapacity} list of a BatchWriteItem or TransactWriteItems answer, one entry per table in the
 * order the tables first appear: {@code TableName} and {@code CapacityUnits} (the table's and its indexes' units
 * together); for {@code ReturnConsumedCapacity: INDEXES} also {@code Table} and, where an index was charged,
 * {@code GlobalSecondaryIndexes} / {@code LocalSecondaryIndexes}. A transaction's entries also carry
 * {@code WriteCapacityUnits} at each level, as DynamoDB answers them; a batch's do not.
 */
final class ConsumedCapacityJson {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String UNITS = "CapacityUnits";
    private static final String WRITE_UNITS = "WriteCapacityUnits";

    /** How much detail the request asked for. */
    enum Detail { TOTAL, INDEXES }

    private ConsumedCapacityJson() {
    }

    /** The detail {@code ReturnConsumedCapacity} asks for; empty for {@code NONE} or when it is absent. */
    static Optional<Detail> requested(JsonNode body) {
        String asked = body.path("ReturnConsumedCapacity").asText("NONE");
        return "TOTAL".equals(asked) || "INDEXES".equals(asked) ? Optional.of(Detail.valueOf(asked))
                : Optional.empty();
    }

    static ArrayNode of(List<ItemCharge> charges, Detail detail, boolean transactional) {
        Map<String, TableCharge> tables = new LinkedHashMap<>();
        charges.forEach(charge -> tables.computeIfAbsent(charge.table(), TableCharge::new).add(charge));
        ArrayNode out = JSON.arrayNode();
        tables.values().forEach(table -> out.add(table.json(detail, transactional)));
        return out;
    }

    /** One table's charges added up. */
    private static final class TableCharge {

        private final String table;
        private double tableUnits;
        private final Map<String, Double> global = new LinkedHashMap<>();
        private final Map<String, Double> local = new LinkedHashMap<>();

        TableCharge(String table) {
            this.table = table;
        }

        void add(ItemCharge charge) {
            tableUnits += charge.tableUnits();
            charge.globalIndexes().forEach((index, units) -> global.merge(index, units, Double::sum));
            charge.localIndexes().forEach((index, units) -> local.merge(index, units, Double::sum));
        }

        ObjectNode json(Detail detail, boolean transactional) {
            double total = tableUnits + sum(global) + sum(local);
            ObjectNode entry = units(JSON.objectNode().put("TableName", table), total, transactional);
            if (detail == Detail.INDEXES) {
                entry.set("Table", units(JSON.objectNode(), tableUnits, transactional));
                indexes(entry, "GlobalSecondaryIndexes", global, transactional);
                indexes(entry, "LocalSecondaryIndexes", local, transactional);
            }
            return entry;
        }

        private static void indexes(ObjectNode entry, String field, Map<String, Double> charged,
                                    boolean transactional) {
            if (!charged.isEmpty()) {
                ObjectNode indexes = entry.putObject(field);
                charged.forEach((index, units) -> indexes.set(index, units(JSON.objectNode(), units, transactional)));
            }
        }

        private static ObjectNode units(ObjectNode node, double units, boolean transactional) {
            node.put(UNITS, units);
            return transactional ? node.put(WRITE_UNITS, units) : node;
        }

        private static double sum(Map<String, Double> units) {
            return units.values().stream().mapToDouble(Double::doubleValue).sum();
        }
    }
}
