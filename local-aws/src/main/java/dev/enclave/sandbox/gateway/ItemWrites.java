package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.sandbox.gateway.ItemWrite.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The items a write request touches, read from its JSON body: PutItem, UpdateItem, DeleteItem, each put and delete
 * of a BatchWriteItem, and each action of a TransactWriteItems. Writes to tables DynamoDB Local does not know, and
 * writes without a complete key, are left out (DynamoDB Local refuses those requests itself).
 */
final class ItemWrites {

    private static final Map<String, Kind> TRANSACT_ACTIONS = Map.of("Put", Kind.PUT, "Update", Kind.UPDATE,
            "Delete", Kind.DELETE, "ConditionCheck", Kind.CHECK);

    private final Function<String, Optional<TableKeys>> tables;

    /** @param tables the keys of a table by name */
    ItemWrites(Function<String, Optional<TableKeys>> tables) {
        this.tables = tables;
    }

    List<ItemWrite> of(String operation, JsonNode body) {
        List<ItemWrite> writes = new ArrayList<>();
        switch (operation) {
            case "PutItem" -> add(writes, Kind.PUT, body.path("TableName").asText(), body.path("Item"));
            case "UpdateItem" -> add(writes, Kind.UPDATE, body.path("TableName").asText(), body.path("Key"));
            case "DeleteItem" -> add(writes, Kind.DELETE, body.path("TableName").asText(), body.path("Key"));
            case "BatchWriteItem" -> forEachTable(body.path("RequestItems"), (table, request) ->
                    addBatchWrite(writes, table, request));
            case "TransactWriteItems" -> body.path("TransactItems").forEach(action -> addTransactAction(writes,
                    action));
            default -> {
                // not a write this class knows
            }
        }
        return writes;
    }

    /** The items a BatchWriteItem answer left unprocessed (not written). */
    Set<TableItemKey> unprocessed(JsonNode batchWriteResponse) {
        List<ItemWrite> left = new ArrayList<>();
        forEachTable(batchWriteResponse.path("UnprocessedItems"), (table, request) ->
                addBatchWrite(left, table, request));
        Set<TableItemKey> keys = new HashSet<>();
        left.forEach(write -> keys.add(write.key()));
        return keys;
    }

    private void addBatchWrite(List<ItemWrite> writes, String table, JsonNode request) {
        if (request.has("PutRequest")) {
            add(writes, Kind.PUT, table, request.path("PutRequest").path("Item"));
        } else {
            add(writes, Kind.DELETE, table, request.path("DeleteRequest").path("Key"));
        }
    }

    private void addTransactAction(List<ItemWrite> writes, JsonNode action) {
        TRANSACT_ACTIONS.forEach((name, kind) -> {
            JsonNode part = action.path(name);
            if (part.isObject()) {
                add(writes, kind, part.path("TableName").asText(), part.path(kind == Kind.PUT ? "Item" : "Key"));
            }
        });
    }

    private void add(List<ItemWrite> writes, Kind kind, String tableNameOrArn, JsonNode keyOrItem) {
        if (!keyOrItem.isObject()) {
            return;
        }
        tables.apply(DynamoDbAuthorizations.tableName(tableNameOrArn)).flatMap(keys -> keys.keyOf(keyOrItem))
                .ifPresent(key -> writes.add(new ItemWrite(kind, key,
                        kind == Kind.PUT ? Optional.of((ObjectNode) keyOrItem) : Optional.empty())));
    }

    private static void forEachTable(JsonNode requestItems, TableRequests each) {
        for (Iterator<Map.Entry<String, JsonNode>> it = requestItems.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> table = it.next();
            String name = DynamoDbAuthorizations.tableName(table.getKey());
            table.getValue().forEach(request -> each.accept(name, request));
        }
    }

    @FunctionalInterface
    private interface TableRequests {
        void accept(String table, JsonNode request);
    }
}
