package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Items as they are now in DynamoDB Local, read with consistent BatchGetItems straight from it (not through the
 * gateway, so no policy applies and nothing is counted): the images a write changes, taken just before it is
 * forwarded and, where a capacity figure needs it, just after.
 */
final class ItemImages {

    private static final int KEYS_PER_BATCH = 100;

    private final DynamoDbClient dynamoDbLocal;

    /** @param dynamoDbLocal a client on DynamoDB Local itself; the caller closes it */
    ItemImages(DynamoDbClient dynamoDbLocal) {
        this.dynamoDbLocal = dynamoDbLocal;
    }

    /** Each key's item, or empty where there is none. */
    Map<TableItemKey, Optional<ObjectNode>> read(Collection<TableItemKey> keys) {
        Map<TableItemKey, Optional<ObjectNode>> images = new HashMap<>();
        List<TableItemKey> distinct = new ArrayList<>(new LinkedHashSet<>(keys));
        for (int from = 0; from < distinct.size(); from += KEYS_PER_BATCH) {
            readBatch(distinct.subList(from, Math.min(distinct.size(), from + KEYS_PER_BATCH)), images);
        }
        distinct.forEach(key -> images.putIfAbsent(key, Optional.empty()));
        return images;
    }

    private void readBatch(List<TableItemKey> keys, Map<TableItemKey, Optional<ObjectNode>> images) {
        Map<String, KeysAndAttributes> request = new HashMap<>();
        for (TableItemKey key : keys) {
            request.merge(key.table(), KeysAndAttributes.builder().consistentRead(true)
                    .keys(List.of(AttributeJson.key(key.key()))).build(), ItemImages::merge);
        }
        while (!request.isEmpty()) {
            Map<String, KeysAndAttributes> asked = request;
            BatchGetItemResponse response = dynamoDbLocal.batchGetItem(b -> b.requestItems(asked));
            response.responses().forEach((table, items) -> items.forEach(item -> found(table, keys, item, images)));
            request = response.unprocessedKeys();
        }
    }

    private static void found(String table, List<TableItemKey> asked, Map<String, AttributeValue> item,
                              Map<TableItemKey, Optional<ObjectNode>> images) {
        ObjectNode image = AttributeJson.item(item);
        asked.stream().filter(key -> key.table().equals(table)).findFirst()
                .map(any -> new TableItemKey(table, keyOf(image, any.key()))).filter(asked::contains)
                .ifPresent(key -> images.put(key, Optional.of(image)));
    }

    /** The attributes of {@code image} that {@code likeKey} names. */
    private static ObjectNode keyOf(ObjectNode image, ObjectNode likeKey) {
        ObjectNode key = likeKey.objectNode();
        likeKey.fieldNames().forEachRemaining(name -> key.set(name, image.get(name)));
        return key;
    }

    private static KeysAndAttributes merge(KeysAndAttributes a, KeysAndAttributes b) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(a.keys());
        keys.addAll(b.keys());
        return a.toBuilder().keys(keys).build();
    }
}
