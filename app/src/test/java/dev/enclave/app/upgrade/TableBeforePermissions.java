package dev.enclave.app.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A whole table as the code before issue 27 (permissions and profiles, commit 66be7f9) wrote it through its HTTP
 * API, every item in DynamoDB's own JSON ({@code {"S": ...}}, {@code {"N": "..."}}, {@code {"SS": [...]}}, ...), and
 * what the generator made: the organisations, who holds what, the invitation tokens and the API key secret that only
 * their answers showed, and the deployment's sealing key (an upgrade keeps its keys).
 *
 * <p>The generator drove the old server as a user would: {@code acme} (renamed "Acme Corporation"; owners ada and
 * gina, admin bert, cleo and erin in the free-named group {@code billing}, dan in {@code qa}, fay removed; services
 * {@code reports} and {@code payroll} with service groups; invitations pending for hana (granting {@code billing}
 * and {@code reports/viewers}) and ivan (sent by bert), one revoked, one declined; bert's API key with
 * {@code events:read}; a disabled webhook endpoint; event retention 365 days), {@code globex} (ownership
 * transferred from gina to lou; bert and cleo members; a service made with an Idempotency-Key) and {@code initech}
 * (ada alone, an owner invitation pending for ivan); {@code umbrella} was created and deleted. Every user's
 * {@code sub} is their name, their email {@code <sub>@example.com}, from the local issuer {@code enclave-local}.
 */
final class TableBeforePermissions {

    private static final String RESOURCE = "/upgrade/table-before-permissions.json";
    private static final int BATCH = 25;

    private final JsonNode document;

    private TableBeforePermissions(JsonNode document) {
        this.document = document;
    }

    static TableBeforePermissions read() {
        try (InputStream in = TableBeforePermissions.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the test class path");
            }
            return new TableBeforePermissions(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the generator saved: tokens, ids and keys by name (see the fixture's {@code generated} object). */
    JsonNode generated() {
        return document.get("generated");
    }

    List<Map<String, AttributeValue>> items() {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        document.get("items").forEach(item -> items.add(item(item)));
        return items;
    }

    /** Writes every item into {@code table}, as they were, in batches, retrying what DynamoDB leaves unprocessed. */
    void writeInto(DynamoDbClient dynamoDb, String table) {
        List<Map<String, AttributeValue>> items = items();
        for (int from = 0; from < items.size(); from += BATCH) {
            List<WriteRequest> writes = items.subList(from, Math.min(from + BATCH, items.size())).stream()
                    .map(item -> WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build())
                    .toList();
            Map<String, List<WriteRequest>> pending = Map.of(table, writes);
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> asked = pending;
                BatchWriteItemResponse written = dynamoDb.batchWriteItem(b -> b.requestItems(asked));
                pending = written.hasUnprocessedItems() ? written.unprocessedItems() : Map.of();
            }
        }
    }

    private static Map<String, AttributeValue> item(JsonNode item) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        item.fields().forEachRemaining(field -> attributes.put(field.getKey(), value(field.getValue())));
        return attributes;
    }

    private static AttributeValue value(JsonNode typed) {
        if (typed.size() != 1) {
            throw new IllegalArgumentException("an attribute value has exactly one type: " + typed);
        }
        Map.Entry<String, JsonNode> only = typed.fields().next();
        JsonNode value = only.getValue();
        return switch (only.getKey()) {
            case "S" -> AttributeValue.fromS(value.textValue());
            case "N" -> AttributeValue.fromN(value.textValue());
            case "B" -> AttributeValue.fromB(bytes(value));
            case "BOOL" -> AttributeValue.fromBool(value.booleanValue());
            case "NULL" -> AttributeValue.fromNul(true);
            case "SS" -> AttributeValue.fromSs(texts(value));
            case "NS" -> AttributeValue.fromNs(texts(value));
            case "BS" -> AttributeValue.fromBs(list(value).stream().map(TableBeforePermissions::bytes).toList());
            case "L" -> AttributeValue.fromL(list(value).stream().map(TableBeforePermissions::value).toList());
            case "M" -> {
                Map<String, AttributeValue> map = new LinkedHashMap<>();
                value.fields().forEachRemaining(field -> map.put(field.getKey(), value(field.getValue())));
                yield AttributeValue.fromM(map);
            }
            default -> throw new IllegalArgumentException("unknown attribute type " + only.getKey());
        };
    }

    private static SdkBytes bytes(JsonNode base64) {
        return SdkBytes.fromByteArray(Base64.getDecoder().decode(base64.textValue()));
    }

    private static List<String> texts(JsonNode array) {
        return list(array).stream().map(JsonNode::textValue).toList();
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> values = new ArrayList<>();
        array.forEach(values::add);
        return values;
    }
}
