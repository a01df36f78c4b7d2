package dev.enclave.app.infra.store.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.iam.policy.Access;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The API key schema reads and writes exactly the item Enclave has always stored. */
class ApiKeySchemaTest {

    private static final ApiKey KEY = new ApiKey(new ApiKeyId("abcdefghijklmnop"), TenantId.of("acme"), "worker",
            Access.READ, "ada", Instant.parse("2026-11-22T10:15:30Z"), Optional.of(Instant.parse(
            "2027-01-01T00:00:00Z")), Optional.of(Instant.parse("2026-11-23T08:00:00Z")), "secrethash");

    static Map<String, AttributeValue> stored() {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("PK", s("TENANT#acme#"));
        item.put("SK", s("APIKEY#abcdefghijklmnop"));
        item.put("type", s("apikey"));
        item.put("tenant", s("acme"));
        item.put("keyId", s("abcdefghijklmnop"));
        item.put("name", s("worker"));
        item.put("access", s("READ"));
        item.put("createdBy", s("ada"));
        item.put("createdAt", s("2026-11-22T10:15:30Z"));
        item.put("validUntil", s("2027-01-01T00:00:00Z"));
        item.put("lastUsedAt", s("2026-11-23T08:00:00Z"));
        item.put("secretHash", s("secrethash"));
        return item;
    }

    @Test
    void toItem_writesTheStoredItem() {
        assertThat(ApiKeyItems.SCHEMA.toItem(KEY)).isEqualTo(stored());
    }

    @Test
    void storedItem_toRecordAndBack_isTheSameItem() {
        assertThat(ApiKeyItems.SCHEMA.fromItem(stored())).isEqualTo(KEY);
        assertThat(ApiKeyItems.SCHEMA.toItem(ApiKeyItems.SCHEMA.fromItem(stored()))).isEqualTo(stored());
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
