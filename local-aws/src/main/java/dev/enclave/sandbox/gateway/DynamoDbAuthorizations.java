package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every IAM authorisation one DynamoDB request needs, derived from its operation and JSON body the way DynamoDB
 * asks IAM:
 * <ul>
 *   <li>item operations: {@code dynamodb:<Operation>} on the table, with the item's table partition-key value;</li>
 *   <li>Query: on the table or {@code table/<t>/index/<i>}, with the value the key condition binds to the
 *       partition key of that table or index; Scan: on the table or index, with no key;</li>
 *   <li>BatchGetItem / BatchWriteItem: {@code dynamodb:BatchGetItem} / {@code dynamodb:BatchWriteItem} once per
 *       item (AWS's API permissions reference names these actions, not GetItem/PutItem/DeleteItem);</li>
 *   <li>TransactGetItems: {@code dynamodb:GetItem} per item; TransactWriteItems: {@code PutItem}, {@code UpdateItem},
 *       {@code DeleteItem}, {@code ConditionCheckItem} per item (transactions have no IAM action of their own);</li>
 *   <li>PartiQL: {@code dynamodb:PartiQLSelect|Insert|Update|Delete} per statement, with no key;</li>
 *   <li>everything else: {@code dynamodb:<Operation>} on the named table or resource ARN, else {@code *}.</li>
 * </ul>
 * Each item operation, and each item of a batch or transaction, also carries the top-level attribute names that
 * item's part of the request accesses ({@code dynamodb:Attributes}, see {@link AccessedAttributes}).
 */
final class DynamoDbAuthorizations {

    private static final Pattern NAME_EQUALS_VALUE = Pattern.compile("(#?[A-Za-z0-9_]+)\\s*=\\s*(:[A-Za-z0-9_]+)");
    private static final Pattern VALUE_EQUALS_NAME = Pattern.compile("(:[A-Za-z0-9_]+)\\s*=\\s*(#?[A-Za-z0-9_]+)");
    private static final List<Map.Entry<String, String>> TRANSACT_WRITE_ACTIONS = List.of(
            Map.entry("Put", "dynamodb:PutItem"), Map.entry("Update", "dynamodb:UpdateItem"),
            Map.entry("Delete", "dynamodb:DeleteItem"), Map.entry("ConditionCheck", "dynamodb:ConditionCheckItem"));
    private static final Set<String> ACCOUNT_WIDE = Set.of("ListTables", "DescribeLimits", "DescribeEndpoints",
            "ListBackups", "ListGlobalTables", "ListExports", "ListImports", "ListContributorInsights");
    private static final String TABLE_SEGMENT = ":table/";

    private final PartitionKeys partitionKeys;
    private final String tableArnPrefix;

    /** @param tableArnPrefix {@code arn:aws:dynamodb:<region>:<account>:table/} */
    DynamoDbAuthorizations(PartitionKeys partitionKeys, String tableArnPrefix) {
        this.partitionKeys = partitionKeys;
        this.tableArnPrefix = tableArnPrefix;
    }

    List<RequiredAuthorization> of(String operation, JsonNode body) {
        List<RequiredAuthorization> out = new ArrayList<>();
        switch (operation) {
            case "GetItem", "UpdateItem", "DeleteItem" -> out.add(item("dynamodb:" + operation,
                    body.path("TableName").asText(), body.path("Key"), AccessedAttributes.of(body)));
            case "PutItem" -> out.add(item("dynamodb:PutItem", body.path("TableName").asText(), body.path("Item"),
                    AccessedAttributes.of(body)));
            case "Query" -> out.add(query(body));
            case "Scan" -> out.add(new RequiredAuthorization("dynamodb:Scan", resource(body.path("TableName").asText(),
                    optional(body, "IndexName")), List.of(), AccessedAttributes.of(body)));
            case "BatchGetItem" -> forEachTable(body.path("RequestItems"), (table, request) ->
                    request.path("Keys").forEach(key -> out.add(item("dynamodb:BatchGetItem", table, key,
                            AccessedAttributes.ofKey(key, request)))));
            case "BatchWriteItem" -> forEachTable(body.path("RequestItems"), (table, writes) -> writes.forEach(w ->
                    out.addAll(batchWrite(table, w))));
            case "TransactGetItems" -> body.path("TransactItems").forEach(t -> out.add(item("dynamodb:GetItem",
                    t.path("Get").path("TableName").asText(), t.path("Get").path("Key"),
                    AccessedAttributes.of(t.path("Get")))));
            case "TransactWriteItems" -> body.path("TransactItems").forEach(t -> out.addAll(transactWrite(t)));
            case "ExecuteStatement" -> out.add(partiQl(operation, body.path("Statement").asText()));
            case "BatchExecuteStatement" -> body.path("Statements").forEach(s -> out.add(partiQl(operation,
                    s.path("Statement").asText())));
            case "ExecuteTransaction" -> body.path("TransactStatements").forEach(s -> out.add(partiQl(operation,
                    s.path("Statement").asText())));
            default -> out.add(new RequiredAuthorization("dynamodb:" + operation, otherResource(operation, body),
                    List.of()));
        }
        return out;
    }

    /**
     * One put or delete of a batch, with that item's own attributes: a put is of its {@code Item}, a delete of its
     * {@code Key}, each one asked for when a request carries both.
     */
    private List<RequiredAuthorization> batchWrite(String table, JsonNode writeRequest) {
        List<RequiredAuthorization> parts = new ArrayList<>();
        JsonNode put = writeRequest.path("PutRequest");
        if (put.isObject()) {
            parts.add(item("dynamodb:BatchWriteItem", table, put.path("Item"), AccessedAttributes.of(put)));
        }
        JsonNode delete = writeRequest.path("DeleteRequest");
        if (delete.isObject() || parts.isEmpty()) {
            parts.add(item("dynamodb:BatchWriteItem", table, delete.path("Key"), AccessedAttributes.of(delete)));
        }
        return parts;
    }

    /**
     * Each part of a transaction's item, on the key DynamoDB acts on: a {@code Put}'s {@code Item}, and the {@code Key}
     * of an {@code Update}, {@code Delete} or {@code ConditionCheck}, which DynamoDB uses whatever else the part
     * carries (an {@code Item} beside it named one key to IAM and wrote another).
     */
    private List<RequiredAuthorization> transactWrite(JsonNode transactItem) {
        List<RequiredAuthorization> parts = new ArrayList<>();
        for (Map.Entry<String, String> kind : TRANSACT_WRITE_ACTIONS) {
            JsonNode part = transactItem.path(kind.getKey());
            if (part.isObject()) {
                parts.add(item(kind.getValue(), part.path("TableName").asText(),
                        part.path("Put".equals(kind.getKey()) ? "Item" : "Key"), AccessedAttributes.of(part)));
            }
        }
        return parts.isEmpty() ? List.of(new RequiredAuthorization("dynamodb:TransactWriteItems", "*", List.of()))
                : parts;
    }

    private RequiredAuthorization item(String action, String table, JsonNode keyOrItem, List<String> attributes) {
        List<String> keys = new ArrayList<>();
        partitionKeys.partitionKey(tableName(table), Optional.empty()).map(keyOrItem::path)
                .flatMap(DynamoDbAuthorizations::scalar).ifPresent(keys::add);
        return new RequiredAuthorization(action, resource(table, Optional.empty()), keys, attributes);
    }

    private RequiredAuthorization query(JsonNode body) {
        String table = body.path("TableName").asText();
        Optional<String> index = optional(body, "IndexName");
        List<String> keys = new ArrayList<>();
        partitionKeys.partitionKey(tableName(table), index).ifPresent(attribute -> keys.addAll(queryKeys(body,
                attribute)));
        return new RequiredAuthorization("dynamodb:Query", resource(table, index), keys,
                AccessedAttributes.of(body));
    }

    /** The values a Query's key condition binds to {@code attribute} with '='. */
    private static List<String> queryKeys(JsonNode body, String attribute) {
        List<String> values = new ArrayList<>();
        JsonNode legacy = body.path("KeyConditions").path(attribute);
        if (legacy.isObject() && "EQ".equals(legacy.path("ComparisonOperator").asText())) {
            scalar(legacy.path("AttributeValueList").path(0)).ifPresent(values::add);
        }
        String expression = body.path("KeyConditionExpression").asText();
        collect(NAME_EQUALS_VALUE.matcher(expression), 1, 2, body, attribute, values);
        collect(VALUE_EQUALS_NAME.matcher(expression), 2, 1, body, attribute, values);
        return values;
    }

    private static void collect(Matcher matcher, int nameGroup, int valueGroup, JsonNode body, String attribute,
                                List<String> values) {
        while (matcher.find()) {
            String name = matcher.group(nameGroup);
            String resolved = name.startsWith("#") ? body.path("ExpressionAttributeNames").path(name).asText() : name;
            if (attribute.equals(resolved)) {
                scalar(body.path("ExpressionAttributeValues").path(matcher.group(valueGroup))).ifPresent(values::add);
            }
        }
    }

    private RequiredAuthorization partiQl(String operation, String statement) {
        return PartiQlStatement.parse(statement)
                .map(s -> new RequiredAuthorization(s.action(), resource(s.table(), s.index()), List.of()))
                .orElseGet(() -> new RequiredAuthorization("dynamodb:" + operation, "*", List.of()));
    }

    private String otherResource(String operation, JsonNode body) {
        if (ACCOUNT_WIDE.contains(operation)) {
            return "*";
        }
        if (body.hasNonNull("ResourceArn")) {
            return body.path("ResourceArn").asText();
        }
        return body.hasNonNull("TableName") ? resource(body.path("TableName").asText(), Optional.empty()) : "*";
    }

    /** The ARN of a table (named or given by ARN) or of one of its indexes. */
    private String resource(String tableNameOrArn, Optional<String> index) {
        String table = tableNameOrArn.startsWith("arn:") ? tableNameOrArn : tableArnPrefix + tableNameOrArn;
        return index.map(i -> table + "/index/" + i).orElse(table);
    }

    /** The table name of a table named or given by ARN. */
    static String tableName(String tableNameOrArn) {
        int at = tableNameOrArn.indexOf(TABLE_SEGMENT);
        return tableNameOrArn.startsWith("arn:") && at >= 0 ? tableNameOrArn.substring(at + TABLE_SEGMENT.length())
                : tableNameOrArn;
    }

    private static Optional<String> optional(JsonNode body, String field) {
        return body.hasNonNull(field) ? Optional.of(body.path(field).asText()) : Optional.empty();
    }

    /** The value of a scalar attribute value ({@code S}, {@code N} or {@code B}, as sent). */
    private static Optional<String> scalar(JsonNode attributeValue) {
        for (String type : List.of("S", "N", "B")) {
            if (attributeValue.has(type)) {
                return Optional.of(attributeValue.path(type).asText());
            }
        }
        return Optional.empty();
    }

    private static void forEachTable(JsonNode requestItems, BiConsumer<String, JsonNode> each) {
        for (Iterator<Map.Entry<String, JsonNode>> it = requestItems.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> table = it.next();
            each.accept(table.getKey(), table.getValue());
        }
    }
}
