package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.infra.store.StoredKind;
import dev.enclave.table.TableDesign;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** How the consistency checker and the lookup entries' backfill read the items the API keys' store keeps. */
public final class ApiKeyReads {

    /**
     * An API key in its organisation's partition. Its lookup entry, outside every partition, is the same item at
     * another key, and reads as it does.
     */
    public static final StoredKind<ApiKey> API_KEY = StoredKind.prefixed(ApiKeyKeys.SORT_KEY_PREFIX,
            ApiKeyItems.SCHEMA::fromItem, (tenant, key) -> ApiKeyItems.SCHEMA.toItem(key));

    /**
     * How long after its due an unconfirmed lookup entry may still wait for the background pass: every instance
     * settles the due entries at each of its job polls ({@code enclave.jobs.poll-interval}, 5 s by default), a
     * pass that fails is tried again at the next, and the owed-work index lags by seconds at most.
     */
    public static final Duration SETTLED_WITHIN = Duration.ofMinutes(5);

    private ApiKeyReads() {
    }

    /** When the lookup entry {@code lookup} is due to be settled; empty once it is confirmed. */
    public static Optional<Instant> unconfirmedUntil(Map<String, AttributeValue> lookup) {
        return Optional.ofNullable(lookup.get(TableDesign.BY_OWED_WORK.partitionKey())).map(AttributeValue::s)
                .filter(TableDesign.UNCONFIRMED_KEY_LOOKUPS::equals)
                .flatMap(owed -> Optional.ofNullable(lookup.get(TableDesign.BY_OWED_WORK.sortKey())))
                .map(AttributeValue::s).flatMap(ApiKeyReads::due);
    }

    private static Optional<Instant> due(String mark) {
        try {
            return Optional.of(ApiKeyKeys.dueOf(mark));
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }
}
