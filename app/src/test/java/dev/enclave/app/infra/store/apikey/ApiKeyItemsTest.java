package dev.enclave.app.infra.store.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyAccess;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ApiKeyItemsTest {

    @Test
    void roundTrip_withEveryOptionalSet() {
        ApiKey key = new ApiKey(new ApiKeyId("abcdefghijklmnop"), TenantId.of("acme"), "billing", ApiKeyAccess.READ_WRITE,
                "ada", Instant.parse("2026-11-23T20:00:00Z"), Optional.of(Instant.parse("2026-12-23T20:00:00Z")),
                Optional.of(Instant.parse("2026-11-24T08:00:00Z")), "0".repeat(64))
                .createdByMember(UserKey.of("iss", "ada"), Instant.parse("2026-11-20T09:30:00.123456Z"));

        assertThat(ApiKeyItems.SCHEMA.fromItem(ApiKeyItems.SCHEMA.toItem(key))).isEqualTo(key);
        assertThat(ApiKeyItems.SCHEMA.toItem(key).get("SK").s()).isEqualTo("APIKEY#abcdefghijklmnop");
        assertThat(ApiKeyItems.SCHEMA.toItem(key).get("creatorJoinedAt").s()).isEqualTo("2026-11-20T09:30:00.123456Z");
        assertThat(ApiKeyItems.SCHEMA.toItem(key)).doesNotContainKeys("GSI1PK", "GSI2PK", "expiresAt");
    }

    @Test
    void roundTrip_withNoneSet() {
        ApiKey key = new ApiKey(new ApiKeyId("abcdefghijklmnop"), TenantId.of("acme"), "ro", ApiKeyAccess.READ, "ada",
                Instant.parse("2026-11-23T20:00:00Z"), Optional.empty(), Optional.empty(), "f".repeat(64));

        assertThat(ApiKeyItems.SCHEMA.fromItem(ApiKeyItems.SCHEMA.toItem(key))).isEqualTo(key);
    }
}
