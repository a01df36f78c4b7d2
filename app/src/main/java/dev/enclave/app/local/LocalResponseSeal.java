package dev.enclave.app.local;

import dev.enclave.app.infra.sealing.ResponseSeal;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;

/** The local stack's sealing key for idempotent answers: generated once into the data directory. */
@Factory
@Requires(env = "local")
final class LocalResponseSeal {

    static final String FILE_NAME = "idempotency-sealing-key";

    @Singleton
    @Requires(missingProperty = "enclave.idempotency.sealing-keys")
    ResponseSeal localSeal(LocalSettings settings) {
        Path file = settings.getDataDir().resolve(FILE_NAME);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, ResponseSeal.newKey(new SecureRandom()));
                LocalSigningKey.restrictToOwner(file);
            }
            return new ResponseSeal(List.of(Files.readString(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the local sealing key " + file, e);
        }
    }
}
