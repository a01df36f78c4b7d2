package dev.enclave.app.infra.store;

import dev.enclave.app.domain.outcome.Backoff;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * A strongly consistent BatchGetItem on one table that asks again, with backoff, for the keys DynamoDB leaves
 * unprocessed (under throttling), so a missing item always means the item does not exist.
 */
public final class ConsistentBatchGet {

    static final int ATTEMPTS = 6;

    private ConsistentBatchGet() {
    }

    /** DynamoDB's limit of keys in one BatchGetItem. */
    static final int MAX_KEYS = 100;

    /**
     * The items found for {@code keys}, in no particular order; one call per hundred keys unless DynamoDB leaves
     * keys unprocessed.
     */
    public static List<Map<String, AttributeValue>> items(DynamoDbClient client, String table,
                                                          List<Map<String, AttributeValue>> keys) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int start = 0; start < keys.size(); start += MAX_KEYS) {
            items.addAll(items(client::batchGetItem, table, keys.subList(start, Math.min(keys.size(),
                    start + MAX_KEYS))));
        }
        return items;
    }

    static List<Map<String, AttributeValue>> items(Function<BatchGetItemRequest, BatchGetItemResponse> batchGet,
                                                   String table, List<Map<String, AttributeValue>> keys) {
        Map<String, KeysAndAttributes> request = Map.of(table,
                KeysAndAttributes.builder().consistentRead(true).keys(keys).build());
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            BatchGetItemResponse response = batchGet.apply(BatchGetItemRequest.builder().requestItems(request).build());
            items.addAll(response.responses().getOrDefault(table, List.of()));
            if (!response.hasUnprocessedKeys() || response.unprocessedKeys().isEmpty()) {
                return items;
            }
            request = response.unprocessedKeys();
            Backoff.pause(attempt);
        }
        throw ProvisionedThroughputExceededException.builder()
                .message("BatchGetItem left keys unprocessed after " + ATTEMPTS + " attempts").build();
    }
}
