package dev.enclave.app.infra.store.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyAccess;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.support.StoredItem;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The API key schema reads and writes exactly the item Enclave has always stored. */
class ApiKeySchemaTest {

    private static final ApiKey KEY = new ApiKey(new ApiKeyId("abcdefghijklmnop"), TenantId.of("acme"), "worker",
            ApiKeyAccess.READ, "ada", Instant.parse("2026-11-22T10:15:30Z"), Optional.of(Instant.parse(
            "2027-01-01T00:00:00Z")), Optional.of(Instant.parse("2026-11-23T08:00:00Z")), "secrethash");

    static Map<String, AttributeValue> stored() {
        return StoredItem.inTenant("acme", "APIKEY#abcdefghijklmnop", "apikey").s("keyId", "abcdefghijklmnop")
                .s("name", "worker").s("access", "READ").s("createdBy", "ada").s("createdAt", "2026-11-22T10:15:30Z")
                .s("validUntil", "2027-01-01T00:00:00Z").s("lastUsedAt", "2026-11-23T08:00:00Z")
                .s("secretHash", "secrethash").toMap();
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
}
