package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.Incarnation;
import java.time.Instant;
import java.util.Optional;

/** What the API keys' store contributes to writes made outside it: the lookup entries' backfill. */
public final class ApiKeyWrites {

    private ApiKeyWrites() {
    }

    /**
     * {@code key}'s lookup entry, outside every tenant's partition, with the incarnation of the organisation it
     * belongs to, unconfirmed until {@code due}: settled then by the background pass, kept if the key is there and
     * removed if not. Put only where none is.
     */
    public static Write.Put unconfirmedLookupEntry(ApiKey key, Incarnation incarnation, Instant due) {
        return new Write.Put(ApiKeyItems.unconfirmed(ApiKeyItems.lookupItem(key, incarnation),
                ApiKeyKeys.unconfirmedMark(key.tenant(), key.id(), due)), Optional.of(Expr.absent()));
    }
}
