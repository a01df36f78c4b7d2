package dev.enclave.app.infra.store.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyAccess;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class UnconfirmedLookupEntriesTest {

    private static final Instant DUE = Instant.parse("2026-11-26T10:00:01Z");
    private static final ApiKey KEY = new ApiKey(new ApiKeyId("abcdefghijklmnop"), TenantId.of("acme"), "worker",
            ApiKeyAccess.READ, "ada", Instant.parse("2026-11-26T10:00:00Z"), Optional.empty(), Optional.empty(),
            "0".repeat(64));

    @Test
    void anEntryWrittenUnconfirmed_isOnTheUnconfirmedLookupsIndex_byItsDue_andReadsAsItsKey() {
        Map<String, AttributeValue> entry = entry(DUE);

        assertThat(entry.get("PK").s()).isEqualTo("APIKEY#lookup#TENANT#acme#abcdefghijklmnop");
        assertThat(entry.get("GSI3PK").s()).isEqualTo("WORK#owed#apikeys#");
        assertThat(entry.get("GSI3SK").s()).isEqualTo("2026-11-26T10:00:01.000000000Z#acme#abcdefghijklmnop");
        assertThat(ApiKeyReads.unconfirmedUntil(entry)).contains(DUE);
        assertThat(ReadScope.unconfirmedLookups().admits(entry)).isTrue();
        assertThat(ApiKeyReads.API_KEY.read(entry)).isEqualTo(KEY);
    }

    @Test
    void dues_sortAsTheirInstants_whateverTheirFraction() {
        assertThat(ApiKeyKeys.unconfirmedMark(KEY.tenant(), KEY.id(), DUE))
                .isLessThan(ApiKeyKeys.unconfirmedMark(KEY.tenant(), KEY.id(), DUE.plusMillis(500)));
        assertThat(ApiKeyKeys.dueOf(ApiKeyKeys.unconfirmedMark(KEY.tenant(), KEY.id(), DUE.plusNanos(7))))
                .isEqualTo(DUE.plusNanos(7));
    }

    @Test
    void aConfirmedEntry_orOneWithAnUnreadableMark_isNotUnconfirmed() {
        Map<String, AttributeValue> confirmed = new HashMap<>(entry(DUE));
        confirmed.remove("GSI3PK");
        confirmed.remove("GSI3SK");
        assertThat(ApiKeyReads.unconfirmedUntil(confirmed)).isEmpty();

        Map<String, AttributeValue> unreadable = new HashMap<>(entry(DUE));
        unreadable.put("GSI3SK", AttributeValue.fromS("soon#acme#abcdefghijklmnop"));
        assertThat(ApiKeyReads.unconfirmedUntil(unreadable)).isEmpty();
    }

    @Test
    void theIndexRead_admitsOnlyLookupEntriesOfValidTenants() {
        Map<String, AttributeValue> entry = new HashMap<>(entry(DUE));
        entry.put("PK", AttributeValue.fromS("TENANT#acme#"));
        assertThat(ReadScope.unconfirmedLookups().admits(entry)).as("a tenant's control item").isFalse();

        entry.put("PK", AttributeValue.fromS("APIKEY#lookup#TENANT#ACME!#abcdefghijklmnop"));
        assertThat(ReadScope.unconfirmedLookups().admits(entry)).as("no tenant id").isFalse();

        entry.put("PK", AttributeValue.fromS("APIKEY#lookup#TENANT#acme#abcdefghijklmnop"));
        entry.put("GSI3PK", AttributeValue.fromS("WORK#owed#profiles#"));
        assertThat(ReadScope.unconfirmedLookups().admits(entry)).as("another owed-work partition").isFalse();
    }

    @Test
    void anEntry_isConfirmedOnlyByItsOwnKey_andForgottenOtherwise() {
        ApiKey otherSecret = new ApiKey(KEY.id(), KEY.tenant(), KEY.name(), KEY.access(), KEY.createdBy(),
                KEY.createdAt(), Optional.empty(), Optional.empty(), "f".repeat(64));

        assertThat(Settlement.of(Optional.of(KEY), Optional.of(KEY))).isEqualTo(Settlement.CONFIRM);
        assertThat(Settlement.of(Optional.of(KEY), Optional.empty())).as("never created, or revoked")
                .isEqualTo(Settlement.FORGET);
        assertThat(Settlement.of(Optional.of(KEY), Optional.of(otherSecret))).isEqualTo(Settlement.FORGET);
        assertThat(Settlement.of(Optional.empty(), Optional.of(KEY))).as("an entry that does not map")
                .isEqualTo(Settlement.FORGET);
    }

    private static Map<String, AttributeValue> entry(Instant due) {
        return ApiKeyWrites.unconfirmedLookupEntry(KEY, new Incarnation("k3j9"), due).item();
    }
}
