package dev.enclave.app.infra.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Idempotency records read and write exactly the items Enclave has always stored. */
class IdempotencyItemsTest {

    @Test
    void aClaim_isTheStoredItem_withNoResponseYet() {
        Map<String, AttributeValue> claim = IdempotencyItems.claim(claimed("keydigest"), "requesthash", 3,
                1_800_000_000L);

        assertThat(claim).isEqualTo(Map.of("PK", s("TENANT#acme#"), "SK", s("IDEMPOTENCY#caller#keydigest"),
                "type", s("idempotency"), "claimId", s("claim-1"), "requestHash", s("requesthash"),
                "callerVersion", AttributeValue.fromN("3"), "expiresAt", AttributeValue.fromN("1800000000")));
        assertThat(IdempotencyItems.fromItem(claim))
                .isEqualTo(new IdempotencyRecords.StoredRecord("requesthash", Optional.of(3L), Optional.empty()));
    }

    @Test
    void aClaimKeptBeforeCallerVersionsWereRecorded_readsWithNone() {
        Map<String, AttributeValue> claim = new HashMap<>(IdempotencyItems.claim(claimed("k"), "requesthash", 3,
                1L));
        claim.remove("callerVersion");

        assertThat(IdempotencyItems.fromItem(claim))
                .isEqualTo(new IdempotencyRecords.StoredRecord("requesthash", Optional.empty(), Optional.empty()));
    }

    @Test
    void aCompletedRecord_readsItsResponse() {
        Map<String, AttributeValue> item = new HashMap<>(IdempotencyItems.claim(claimed("k"), "requesthash", 3,
                1L));
        item.putAll(Map.of("responseStatus", AttributeValue.fromN("201"), "responseType", s("application/json"),
                "responseBody", s("{}"), "responseLocation", s("/v1/orgs/acme")));

        assertThat(IdempotencyItems.fromItem(item)).isEqualTo(new IdempotencyRecords.StoredRecord("requesthash",
                Optional.of(3L), Optional.of(new IdempotencyRecords.StoredRecord.Response(201, "application/json", "{}",
                        "/v1/orgs/acme"))));
    }

    private static IdempotencyRecords.ClaimedKey claimed(String key) {
        return new IdempotencyRecords.ClaimedKey(TenantId.of("acme"), new Incarnation("abc"), "caller", key, "claim-1");
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
