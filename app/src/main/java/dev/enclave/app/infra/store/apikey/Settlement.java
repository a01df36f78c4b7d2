package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import java.util.Optional;

/** What becomes of an unconfirmed lookup entry once due: its key decides, as the organisation's partition holds it. */
enum Settlement {
    /** The key is there with the entry's secret hash: the entry stays, confirmed. */
    CONFIRM,
    /** No such key (never created, or revoked), or an entry that is not its key's: the entry goes. */
    FORGET;

    static Settlement of(Optional<ApiKey> entry, Optional<ApiKey> key) {
        return entry.isPresent() && key.filter(held -> held.secretHash().equals(entry.get().secretHash())).isPresent()
                ? CONFIRM : FORGET;
    }
}
