package dev.enclave.app.local;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import dev.enclave.app.edge.auth.SigningKeys;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Secondary;
import io.micronaut.security.token.jwt.endpoints.JwkProvider;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.text.ParseException;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The local issuer's RSA key: generated once, kept in the data directory so tokens survive restarts, published
 * through the keys endpoint and trusted for validation (unless an identity provider's JWKS URL is set). Exists
 * only in the {@code local} environment.
 */
@Singleton
@Secondary
@Requires(env = "local")
final class LocalSigningKey implements SigningKeys, JwkProvider {

    static final String FILE_NAME = "local-issuer-key.json";

    private final RSAKey key;

    LocalSigningKey(LocalSettings settings) {
        this.key = loadOrCreate(settings.getDataDir().resolve(FILE_NAME));
    }

    RSAKey privateKey() {
        return key;
    }

    @Override
    public CompletionStage<Lookup> find(String keyId) {
        return CompletableFuture.completedFuture(
                key.getKeyID().equals(keyId) ? new Found(key.toPublicJWK()) : new Unknown());
    }

    @Override
    public void whenKeysDropped(Consumer<Set<String>> listener) {
        // the local key never changes while the server runs
    }

    @Override
    public List<JWK> retrieveJsonWebKeys() {
        return List.of(key.toPublicJWK());
    }

    private static RSAKey loadOrCreate(Path file) {
        try {
            if (Files.exists(file)) {
                return RSAKey.parse(Files.readString(file));
            }
            RSAKey created = new RSAKeyGenerator(2048).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.RS256)
                    .keyID(UUID.randomUUID().toString()).generate();
            Files.createDirectories(file.getParent());
            Files.writeString(file, created.toJSONString());
            restrictToOwner(file);
            return created;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the local issuer key " + file, e);
        } catch (ParseException | JOSEException e) {
            throw new IllegalStateException("the local issuer key " + file + " is unreadable; delete it to "
                    + "generate a new one (tokens issued with the old key stop working)", e);
        }
    }

    static void restrictToOwner(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the file inherits the directory's ACL.
        }
    }
}
