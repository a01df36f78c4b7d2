package dev.enclave.app.infra.store;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * One page of a Query: its items, and the key to continue after when there may be more.
 *
 * @param next DynamoDB's last evaluated key; empty on the last page
 */
public record Page(List<Map<String, AttributeValue>> items, Optional<Map<String, AttributeValue>> next) {

    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(next, "next");
    }

    static Page of(QueryResponse response) {
        return new Page(response.items(), response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                ? Optional.of(response.lastEvaluatedKey()) : Optional.empty());
    }
}
