package dev.enclave.app.local;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import io.micronaut.context.annotation.Requires;
import io.micronaut.security.token.jwt.endpoints.JwkProvider;
import io.micronaut.security.token.jwt.signature.rsa.RSASignatureConfiguration;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.interfaces.RSAPublicKey;
import java.text.ParseException;
import java.util.List;
import java.util.UUID;

/**
 * The local issuer's RSA key: generated once, kept in the data directory so tokens survive restarts, published
 * through the keys endpoint and trusted for validation. Exists only in the {@code local} environment.
 */
@Singleton
@Requires(env = "local")
final class LocalSigningKey implements RSASignatureConfiguration, JwkProvider {

    static final String FILE_NAME = "local-issuer-key.json";

    private final RSAKey key;

    LocalSigningKey(LocalSettings settings) {
        this.key = loadOrCreate(settings.getDataDir().resolve(FILE_NAME));
    }

    RSAKey privateKey() {
        return key;
    }

    @Override
    public RSAPublicKey getPublicKey() {
        try {
            return key.toRSAPublicKey();
        } catch (JOSEException e) {
            throw new IllegalStateException("local issuer key is not an RSA key", e);
        }
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
