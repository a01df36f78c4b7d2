package dev.enclave.app.edge.auth;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jose.jwk.KeyUse;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The signing keys of one fetch, by key id: public keys of the configured type whose use is signature or unset.
 *
 * @param keys      by key id
 * @param fetchedAt when they were read
 */
record KeySet(Map<String, JWK> keys, Instant fetchedAt) {

    static final KeySet NONE = new KeySet(Map.of(), Instant.EPOCH);

    KeySet {
        keys = Map.copyOf(keys);
    }

    static KeySet parse(String json, KeyType keyType, Instant fetchedAt) throws ParseException {
        Map<String, JWK> keys = JWKSet.parse(json).getKeys().stream()
                .filter(key -> key.getKeyID() != null && keyType.equals(key.getKeyType()) && !key.isPrivate())
                .filter(key -> key.getKeyUse() == null || KeyUse.SIGNATURE.equals(key.getKeyUse()))
                .collect(Collectors.toMap(JWK::getKeyID, Function.identity(), (first, second) -> first));
        return new KeySet(keys, fetchedAt);
    }

    Optional<JWK> key(String keyId) {
        return Optional.ofNullable(keys.get(keyId));
    }

    boolean isEmpty() {
        return keys.isEmpty();
    }

    Duration age(Instant now) {
        return Duration.between(fetchedAt, now);
    }

    /** The ids in this set that {@code next} no longer has. */
    Set<String> droppedIn(KeySet next) {
        Set<String> dropped = new HashSet<>(keys.keySet());
        dropped.removeAll(next.keys.keySet());
        return dropped;
    }
}
