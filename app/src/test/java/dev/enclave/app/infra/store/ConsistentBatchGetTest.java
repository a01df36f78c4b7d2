package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

class ConsistentBatchGetTest {

    private static final String TABLE = "enclave";
    private static final Map<String, AttributeValue> MEMBER = key("MEMBER#u");
    private static final Map<String, AttributeValue> ORG = key("ORG");

    private final List<BatchGetItemRequest> sent = new ArrayList<>();

    @Test
    void keysLeftUnprocessed_areAskedForAgain_untilEveryItemIsRead() {
        List<Map<String, AttributeValue>> items = ConsistentBatchGet.items(request -> {
            sent.add(request);
            return sent.size() == 1 ? answer(List.of(MEMBER), List.of(ORG)) : answer(List.of(ORG), List.of());
        }, TABLE, List.of(MEMBER, ORG));

        assertThat(items).containsExactlyInAnyOrder(MEMBER, ORG);
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0).requestItems().get(TABLE).consistentRead()).isTrue();
        assertThat(sent.get(1).requestItems().get(TABLE).keys()).containsExactly(ORG);
    }

    @Test
    void keysNeverProcessed_failLoudly_ratherThanReadAsAbsent() {
        assertThatThrownBy(() -> ConsistentBatchGet.items(request -> {
            sent.add(request);
            return answer(List.of(), List.of(MEMBER));
        }, TABLE, List.of(MEMBER))).isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(sent).hasSize(ConsistentBatchGet.ATTEMPTS);
    }

    private static BatchGetItemResponse answer(List<Map<String, AttributeValue>> found,
                                               List<Map<String, AttributeValue>> unprocessed) {
        BatchGetItemResponse.Builder response = BatchGetItemResponse.builder().responses(Map.of(TABLE, found));
        if (!unprocessed.isEmpty()) {
            response.unprocessedKeys(Map.of(TABLE,
                    KeysAndAttributes.builder().consistentRead(true).keys(unprocessed).build()));
        }
        return response.build();
    }

    private static Map<String, AttributeValue> key(String sortKey) {
        return Map.of("PK", AttributeValue.fromS("TENANT#acme#"), "SK", AttributeValue.fromS(sortKey));
    }
}
