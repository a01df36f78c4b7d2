package dev.enclave.tenancy.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What IAM authorises for one DynamoDB request: per item for batches and transactions (a transaction's Put,
 * Update, Delete and ConditionCheck as PutItem, UpdateItem, DeleteItem and ConditionCheckItem), with the
 * partition-key values each names — the index's partition key for an index query.
 */
final class DynamoDbAuthorizations {

    private static final Pattern EQUALITY = Pattern.compile("(#?[A-Za-z0-9_.-]+)\\s*=\\s*(:[A-Za-z0-9_]+)");
    private static final Map<String, String> TRANSACT_ACTIONS = Map.of("Put", "PutItem", "Update", "UpdateItem",
            "Delete", "DeleteItem", "ConditionCheck", "ConditionCheckItem");

    private final KeySchemas schemas;
    private final String tableArnPrefix;

    DynamoDbAuthorizations(KeySchemas schemas, String region, String account) {
        this.schemas = schemas;
        this.tableArnPrefix = "arn:aws:dynamodb:" + region + ":" + account + ":table/";
    }

    List<ItemAuthorization> of(String operation, JsonNode body) {
        List<ItemAuthorization> out = new ArrayList<>();
        switch (operation) {
            case "GetItem", "UpdateItem", "DeleteItem" -> out.add(item(operation, body.path("TableName").asText(),
                    body.path("Key")));
            case "PutItem" -> out.add(item(operation, body.path("TableName").asText(), body.path("Item")));
            case "Query" -> out.add(query(body));
            case "BatchGetItem" -> forEachTable(body.path("RequestItems"), (table, request) ->
                    request.path("Keys").forEach(key -> out.add(item(operation, table, key))));
            case "BatchWriteItem" -> forEachTable(body.path("RequestItems"), (table, writes) -> writes.forEach(w ->
                    out.add(item(operation, table, w.has("PutRequest") ? w.path("PutRequest").path("Item")
                            : w.path("DeleteRequest").path("Key")))));
            case "TransactGetItems" -> body.path("TransactItems").forEach(t -> out.add(item("GetItem",
                    t.path("Get").path("TableName").asText(), t.path("Get").path("Key"))));
            case "TransactWriteItems" -> body.path("TransactItems").forEach(t -> out.add(transactWrite(t)));
            default -> out.add(new ItemAuthorization("dynamodb:" + operation, resource(body), List.of()));
        }
        return out;
    }

    private ItemAuthorization transactWrite(JsonNode transactItem) {
        Map.Entry<String, JsonNode> part = transactItem.fields().next();
        JsonNode keyOrItem = part.getValue().has("Item") ? part.getValue().path("Item") : part.getValue().path("Key");
        return item(TRANSACT_ACTIONS.getOrDefault(part.getKey(), part.getKey()),
                part.getValue().path("TableName").asText(), keyOrItem);
    }

    private ItemAuthorization item(String operation, String table, JsonNode keyOrItem) {
        List<String> keys = new ArrayList<>();
        schemas.partitionKey(table, null).map(keyOrItem::path).map(DynamoDbAuthorizations::scalar)
                .filter(v -> !v.isEmpty()).ifPresent(keys::add);
        return new ItemAuthorization("dynamodb:" + operation, tableArnPrefix + table, keys);
    }

    private ItemAuthorization query(JsonNode body) {
        String table = body.path("TableName").asText();
        String index = body.hasNonNull("IndexName") ? body.path("IndexName").asText() : null;
        String resource = tableArnPrefix + table + (index == null ? "" : "/index/" + index);
        List<String> keys = new ArrayList<>();
        schemas.partitionKey(table, index).ifPresent(attribute -> {
            String value = queryKey(body, attribute);
            if (!value.isEmpty()) {
                keys.add(value);
            }
        });
        return new ItemAuthorization("dynamodb:Query", resource, keys);
    }

    private static String queryKey(JsonNode body, String attribute) {
        JsonNode legacy = body.path("KeyConditions").path(attribute);
        if (legacy.isObject() && "EQ".equals(legacy.path("ComparisonOperator").asText())) {
            return scalar(legacy.path("AttributeValueList").path(0));
        }
        Matcher matcher = EQUALITY.matcher(body.path("KeyConditionExpression").asText());
        while (matcher.find()) {
            String name = matcher.group(1).startsWith("#")
                    ? body.path("ExpressionAttributeNames").path(matcher.group(1)).asText() : matcher.group(1);
            if (attribute.equals(name)) {
                return scalar(body.path("ExpressionAttributeValues").path(matcher.group(2)));
            }
        }
        return "";
    }

    private String resource(JsonNode body) {
        return body.hasNonNull("TableName") ? tableArnPrefix + body.path("TableName").asText() : "*";
    }

    private static String scalar(JsonNode attributeValue) {
        for (String type : List.of("S", "N", "B")) {
            if (attributeValue.has(type)) {
                return attributeValue.path(type).asText();
            }
        }
        return "";
    }

    private static void forEachTable(JsonNode requestItems, java.util.function.BiConsumer<String, JsonNode> each) {
        for (Iterator<Map.Entry<String, JsonNode>> it = requestItems.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> table = it.next();
            each.accept(table.getKey(), table.getValue());
        }
    }
}
