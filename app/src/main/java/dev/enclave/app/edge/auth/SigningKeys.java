package dev.enclave.app.edge.auth;

import com.nimbusds.jose.jwk.JWK;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/** Where the identity provider's public keys come from: its JWKS, or the local stack's own key. */
public interface SigningKeys {

    /** The public key with id {@code keyId}, fetching the key set first where that is allowed. */
    CompletionStage<Lookup> find(String keyId);

    /** Tells {@code listener} the ids of keys that left the key set, each time some do. */
    void whenKeysDropped(Consumer<Set<String>> listener);

    /** The outcome of a lookup. */
    sealed interface Lookup permits Found, Unknown, Unavailable {
    }

    /** The key. */
    record Found(JWK key) implements Lookup {
    }

    /** The key set was read and has no such key: the token is not the provider's. */
    record Unknown() implements Lookup {
    }

    /** No key can be had now (the provider cannot be reached and nothing usable is cached). */
    record Unavailable(Duration retryAfter) implements Lookup {
    }
}
