package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.Incarnation;
import java.util.Optional;

/** What the API keys' store contributes to writes made outside it: the lookup entries' backfill. */
public final class ApiKeyWrites {

    private ApiKeyWrites() {
    }

    /**
     * {@code key}'s lookup entry, outside every tenant's partition, with the incarnation of the organisation it
     * belongs to; put only where none is.
     */
    public static Write.Put lookupEntry(ApiKey key, Incarnation incarnation) {
        return new Write.Put(ApiKeyItems.lookupItem(key, incarnation), Optional.of(Expr.absent()));
    }
}
