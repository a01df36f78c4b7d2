package dev.enclave.app.infra.limits;

import java.util.Optional;

/**
 * What an {@code Authorization} header names as an API key, for the budget its requests spend: the key's owner
 * implements it, so limits need not know the keys' shape.
 */
public interface PresentedKeys {

    /** The key the header names ({@code <organisation>/<key id>}), if it is shaped like one; nothing is read. */
    Optional<String> named(String authorization);
}
