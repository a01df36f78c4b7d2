package dev.enclave.app.infra.idempotency;

import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Where idempotency records live ({@code SK = IDEMPOTENCY#<caller>#<key digest>}) and how they map. */
final class IdempotencyItems {

    /** Sort-key prefix of every idempotency record. */
    static final String SORT_KEY_PREFIX = "IDEMPOTENCY#";
    static final String REQUEST_HASH = "requestHash";
    static final String CALLER_VERSION = "callerVersion";
    static final String CALLER_JOINED_AT = "callerJoinedAt";
    static final String CALLER_GROUPS = "callerGroups";
    static final String CLAIM_ID = "claimId";
    static final String RESPONSE_STATUS = "responseStatus";
    static final String RESPONSE_TYPE = "responseType";
    static final String RESPONSE_BODY = "responseBody";
    static final String RESPONSE_LOCATION = "responseLocation";

    private IdempotencyItems() {
    }

    /** Fails as reading the record would: when the item is not an idempotency record Enclave writes. */
    static void requireWellFormed(Map<String, AttributeValue> item) {
        fromItem(item);
        ItemAttributes.number(item, TableAttributes.TTL);
    }

    static ItemKey key(TenantId tenant, String caller, String key) {
        return ItemKey.inTenant(tenant, SORT_KEY_PREFIX + caller + "#" + key);
    }

    static ItemKey key(IdempotencyRecords.ClaimedKey claim) {
        return key(claim.tenant(), claim.caller(), claim.key());
    }

    /**
     * A claim on the key: the claim's id, the request's hash, the caller's membership (its version and when it
     * began), no response yet, expiring at {@code expiresAt} (epoch seconds).
     */
    static Map<String, AttributeValue> claim(IdempotencyRecords.ClaimedKey claim, String requestHash,
                                             long callerVersion, Instant callerJoinedAt, long expiresAt) {
        return claim(claim, requestHash, callerVersion, callerJoinedAt, Optional.empty(), expiresAt);
    }

    /** As above, with the digest of the custom groups the caller holds, when they hold any. */
    static Map<String, AttributeValue> claim(IdempotencyRecords.ClaimedKey claim, String requestHash,
                                             long callerVersion, Instant callerJoinedAt,
                                             Optional<String> callerGroups, long expiresAt) {
        ItemBuilder item = ItemBuilder.at(key(claim)).string("type", "idempotency").string(CLAIM_ID, claim.claimId())
                .string(REQUEST_HASH, requestHash).number(CALLER_VERSION, callerVersion)
                .string(CALLER_JOINED_AT, callerJoinedAt.toString())
                .number(TableAttributes.TTL, expiresAt);
        callerGroups.ifPresent(groups -> item.string(CALLER_GROUPS, groups));
        return item.build();
    }

    static IdempotencyRecords.StoredRecord fromItem(Map<String, AttributeValue> item) {
        Optional<IdempotencyRecords.StoredRecord.Response> response = Optional.of(item)
                .filter(answered -> answered.containsKey(RESPONSE_STATUS))
                .map(answered -> new IdempotencyRecords.StoredRecord.Response(
                        Math.toIntExact(ItemAttributes.number(item, RESPONSE_STATUS)),
                        ItemAttributes.string(item, RESPONSE_TYPE), ItemAttributes.string(item, RESPONSE_BODY),
                        ItemAttributes.string(item, RESPONSE_LOCATION)));
        return new IdempotencyRecords.StoredRecord(ItemAttributes.string(item, REQUEST_HASH),
                ItemAttributes.optionalNumber(item, CALLER_VERSION), response,
                Optional.ofNullable(item.get(CALLER_JOINED_AT)).map(AttributeValue::s),
                Optional.ofNullable(item.get(CALLER_GROUPS)).map(AttributeValue::s));
    }
}
