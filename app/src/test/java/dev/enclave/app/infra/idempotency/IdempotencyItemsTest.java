package dev.enclave.app.infra.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Idempotency records read and write exactly the items Enclave stores, and read those it stored before. */
class IdempotencyItemsTest {

    private static final Instant JOINED = Instant.parse("2026-11-20T09:30:00.123Z");

    @Test
    void aClaim_isTheStoredItem_withNoResponseYet() {
        Map<String, AttributeValue> claim = IdempotencyItems.claim(claimed("keydigest"), "requesthash", 3,
                JOINED, 1_800_000_000L);

        assertThat(claim).isEqualTo(Map.of("PK", s("TENANT#acme#"), "SK", s("IDEMPOTENCY#caller#keydigest"),
                "type", s("idempotency"), "claimId", s("claim-1"), "requestHash", s("requesthash"),
                "callerVersion", AttributeValue.fromN("3"), "callerJoinedAt", s("2026-11-20T09:30:00.123Z"),
                "expiresAt", AttributeValue.fromN("1800000000")));
        assertThat(IdempotencyItems.fromItem(claim)).isEqualTo(new IdempotencyRecords.StoredRecord("requesthash",
                Optional.of(3L), Optional.empty(), Optional.of("2026-11-20T09:30:00.123Z")));
        assertThat(IdempotencyItems.fromItem(claim).claimedBy(3, JOINED)).isTrue();
        assertThat(IdempotencyItems.fromItem(claim).claimedBy(3, JOINED.plusSeconds(60)))
                .as("the same version of a membership made again").isFalse();
        assertThat(IdempotencyItems.fromItem(claim).claimedBy(4, JOINED)).isFalse();
    }

    @Test
    void aClaimOfACustomGroupsHolder_keepsTheGroupsDigest_andAChangeToThemIsAnotherCaller() {
        Map<String, AttributeValue> claim = IdempotencyItems.claim(claimed("keydigest"), "requesthash", 3,
                JOINED, Optional.of("groupsdigest"), 1_800_000_000L);

        assertThat(claim).containsEntry("callerGroups", s("groupsdigest"));
        assertThat(IdempotencyItems.fromItem(claim)).isEqualTo(new IdempotencyRecords.StoredRecord("requesthash",
                Optional.of(3L), Optional.empty(), Optional.of(JOINED.toString()), Optional.of("groupsdigest")));
        assertThat(IdempotencyItems.fromItem(claim).claimedBy(3, JOINED, Optional.of("groupsdigest"))).isTrue();
        assertThat(IdempotencyItems.fromItem(claim).claimedBy(3, JOINED, Optional.of("otherdigest"))).isFalse();
        assertThat(IdempotencyItems.fromItem(claim).claimedBy(3, JOINED, Optional.empty()))
                .as("no longer holding a custom group").isFalse();
    }

    @Test
    void aClaimOfWhatTheCallerHeld_isJudgedOnThat_whateverTheVersion() {
        String held = IdempotencyRecords.StoredRecord.HELD + "digest";
        Map<String, AttributeValue> claim = IdempotencyItems.claim(claimed("keydigest"), "requesthash", 3,
                JOINED, Optional.of(held), 1_800_000_000L);

        assertThat(IdempotencyItems.fromItem(claim).claimedBy(9, JOINED, Optional.of(held)))
                .as("a profile copy moved the version").isTrue();
        assertThat(IdempotencyItems.fromItem(claim).claimedBy(3, JOINED, Optional.of(held + "x"))).isFalse();
        assertThat(IdempotencyItems.fromItem(claim).claimedBy(3, JOINED.plusSeconds(60), Optional.of(held)))
                .as("the same holding of a membership made again").isFalse();
    }

    @Test
    void aClaimKeptBeforeCallerVersionsWereRecorded_readsWithNone() {
        Map<String, AttributeValue> claim = new HashMap<>(IdempotencyItems.claim(claimed("k"), "requesthash", 3,
                JOINED, 1L));
        claim.remove("callerVersion");
        claim.remove("callerJoinedAt");

        assertThat(IdempotencyItems.fromItem(claim))
                .isEqualTo(new IdempotencyRecords.StoredRecord("requesthash", Optional.empty(), Optional.empty()));
        assertThat(IdempotencyItems.fromItem(claim).claimedBy(7, JOINED)).isTrue();
    }

    @Test
    void aCompletedRecord_readsItsResponse() {
        Map<String, AttributeValue> item = new HashMap<>(IdempotencyItems.claim(claimed("k"), "requesthash", 3,
                JOINED, 1L));
        item.putAll(Map.of("responseStatus", AttributeValue.fromN("201"), "responseType", s("application/json"),
                "responseBody", s("{}"), "responseLocation", s("/v1/orgs/acme")));

        assertThat(IdempotencyItems.fromItem(item)).isEqualTo(new IdempotencyRecords.StoredRecord("requesthash",
                Optional.of(3L), Optional.of(new IdempotencyRecords.StoredRecord.Response(201, "application/json", "{}",
                        "/v1/orgs/acme")), Optional.of(JOINED.toString())));
    }

    private static IdempotencyRecords.ClaimedKey claimed(String key) {
        return new IdempotencyRecords.ClaimedKey(TenantId.of("acme"), new Incarnation("abc"), "caller", key, "claim-1");
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
