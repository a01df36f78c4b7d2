package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.apikey.DynamoDbApiKeyLookups.Unconfirmed;
import dev.enclave.app.infra.store.jobs.UnconfirmedLookups;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * {@link UnconfirmedLookups} on the owed-work index: each due entry is read again, with its key in the organisation's
 * partition (the tenant's credentials, strongly consistent), and confirmed or removed only if it is still unconfirmed
 * as it was found, so a creation or revocation that marked it again meanwhile keeps it for itself.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record SettlingLookups(Store store, CheckedItems checked, DynamoDbApiKeyLookups lookups)
        implements UnconfirmedLookups {

    @Override
    public int settleDue(Instant now, int limit) {
        List<Unconfirmed> due = lookups.due(now, limit);
        due.forEach(this::settleOrLeave);
        return due.size();
    }

    /** A fault leaves the entry due for the next pass, and lets the others be settled now. */
    private void settleOrLeave(Unconfirmed entry) {
        try {
            settle(entry);
        } catch (RuntimeException fault) {
            LoggerFactory.getLogger(SettlingLookups.class).warn("API key lookup left due for the next pass: "
                    + "tenant={} {}", entry.tenant().value(), fault.toString());
        }
    }

    private void settle(Unconfirmed entry) {
        Optional<ApiKey> listed = lookups.find(entry.tenant(), entry.id());
        ItemKey key = ApiKeyKeys.key(entry.tenant(), entry.id());
        Optional<ApiKey> held = checked.one(ItemKind.API_KEY, ReadScope.tenant(entry.tenant()),
                store.forTenant(entry.tenant()).get(key), ApiKeyItems.SCHEMA::fromItem);
        switch (Settlement.of(listed, held)) {
            case CONFIRM -> lookups.confirm(entry);
            case FORGET -> lookups.forget(entry);
        }
    }
}
