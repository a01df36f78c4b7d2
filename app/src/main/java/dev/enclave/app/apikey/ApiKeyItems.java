package dev.enclave.app.apikey;

import dev.enclave.iam.policy.Access;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit mapping of {@link ApiKey} to and from its item. */
public final class ApiKeyItems {

    static final String TYPE = "apikey";
    static final String LAST_USED_AT = "lastUsedAt";

    private ApiKeyItems() {
    }

    public static Map<String, AttributeValue> toItem(ApiKey key) {
        Map<String, AttributeValue> item = new HashMap<>(ApiKeyKeys.key(key.tenant(), key.id()));
        item.put("type", AttributeValue.fromS(TYPE));
        item.put("tenant", AttributeValue.fromS(key.tenant().value()));
        item.put("keyId", AttributeValue.fromS(key.id().value()));
        item.put("name", AttributeValue.fromS(key.name()));
        item.put("access", AttributeValue.fromS(key.access().name()));
        item.put("createdBy", AttributeValue.fromS(key.createdBy()));
        item.put("createdAt", AttributeValue.fromS(key.createdAt().toString()));
        key.expiresAt().ifPresent(at -> item.put("validUntil", AttributeValue.fromS(at.toString())));
        key.lastUsedAt().ifPresent(at -> item.put(LAST_USED_AT, AttributeValue.fromS(at.toString())));
        item.put("secretHash", AttributeValue.fromS(key.secretHash()));
        return item;
    }

    /** @throws RuntimeException when the item is not a well-formed API key */
    public static ApiKey fromItem(Map<String, AttributeValue> item) {
        return new ApiKey(new ApiKeyId(item.get("keyId").s()), TenantId.of(item.get("tenant").s()),
                item.get("name").s(), Access.valueOf(item.get("access").s()), item.get("createdBy").s(),
                Instant.parse(item.get("createdAt").s()), instant(item, "validUntil"), instant(item, LAST_USED_AT),
                item.get("secretHash").s());
    }

    private static Optional<Instant> instant(Map<String, AttributeValue> item, String attribute) {
        return Optional.ofNullable(item.get(attribute)).map(AttributeValue::s).map(Instant::parse);
    }
}
