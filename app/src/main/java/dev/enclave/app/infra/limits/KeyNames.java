package dev.enclave.app.infra.limits;

import dev.enclave.app.domain.apikey.ApiKeySecret;

import dev.enclave.digest.Sha256;
import jakarta.inject.Singleton;
import java.util.Optional;

/** An API key's name for its budget, parsed from the header however it is spelled ({@link ApiKeySecret#parse}). */
@Singleton
final class KeyNames implements PresentedKeys {

    @Override
    public Optional<PresentedKey> named(String authorization) {
        return ApiKeySecret.parse(ApiKeySecret.bare(authorization)).map(key -> new PresentedKey(
                key.tenant().value() + "/" + key.id().value(), Sha256.hex(key.reveal())));
    }
}
