package dev.enclave.app.idempotency;

import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Where idempotency records live ({@code SK = IDEMPOTENCY#<caller>#<key digest>}) and how they map. */
public final class IdempotencyItems {

    /** Sort-key prefix of every idempotency record. */
    public static final String SORT_KEY_PREFIX = "IDEMPOTENCY#";

    private IdempotencyItems() {
    }

    /** Fails as reading the record would: when the item is not an idempotency record Enclave writes. */
    public static void requireWellFormed(Map<String, AttributeValue> item) {
        fromItem(item);
        Long.parseLong(Objects.requireNonNull(item.get("expiresAt").n(), "expiresAt"));
    }

    static Map<String, AttributeValue> key(TenantId tenant, String caller, String key) {
        return Map.of("PK", AttributeValue.fromS(LeadingKeyPrefix.tenant(tenant).value()),
                "SK", AttributeValue.fromS(SORT_KEY_PREFIX + caller + "#" + key));
    }

    static IdempotencyRecords.StoredRecord fromItem(Map<String, AttributeValue> item) {
        Optional<IdempotencyRecords.StoredRecord.Response> response = Optional.ofNullable(item.get("responseStatus"))
                .map(status -> new IdempotencyRecords.StoredRecord.Response(Integer.parseInt(status.n()),
                        item.get("responseType").s(), item.get("responseBody").s(), item.get("responseLocation").s()));
        return new IdempotencyRecords.StoredRecord(Objects.requireNonNull(item.get("requestHash").s(), "requestHash"),
                response);
    }
}
