package dev.enclave.app.infra.store;

import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A conditional update's result: the item as the update left it, or, when the condition refused, the item as it
 * was (empty when there was none).
 */
public record UpdateOutcome(Optional<Map<String, AttributeValue>> updated, Optional<Map<String, AttributeValue>> old) {

    public boolean applied() {
        return updated.isPresent();
    }
}
