package dev.enclave.app.infra.limits;

import java.util.Objects;
import java.util.Optional;

/**
 * What an {@code Authorization} header names as an API key, for the budget its requests spend: the key's owner
 * implements it, so limits need not know the keys' shape.
 */
public interface PresentedKeys {

    /** The key the header names, if it is shaped like one; nothing is read. */
    Optional<PresentedKey> named(String authorization);

    /**
     * A key as presented: its budget's name ({@code <organisation>/<key id>}, however the header spells it) and a
     * digest of the whole key, so only the key that worked spends its budget, not a made-up one naming its id.
     */
    record PresentedKey(String name, String proof) {

        public PresentedKey {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(proof, "proof");
        }
    }
}
