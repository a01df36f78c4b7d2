package dev.enclave.bench.run;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;

/**
 * Signs bearer tokens with the local issuer's key (the file the server keeps in its data directory), with the claims
 * the local token endpoint puts in, so that thousands of invitees cost no HTTP round trips to set up.
 */
final class TokenMint {

    private static final Duration LIFETIME = Duration.ofHours(12);

    private final RSAKey key;
    private final RSASSASigner signer;
    private final JWSHeader header;
    private final Instant issuedAt = Instant.now();

    private TokenMint(RSAKey key) throws JOSEException {
        this.key = key;
        this.signer = new RSASSASigner(key);
        this.header = new JWSHeader.Builder(JWSAlgorithm.RS256).type(JOSEObjectType.JWT).keyID(key.getKeyID()).build();
    }

    /** The mint of the server whose data directory is {@code dataDir}. */
    static TokenMint of(Path dataDir) {
        try {
            return new TokenMint(RSAKey.parse(Files.readString(dataDir.resolve("local-issuer-key.json"))));
        } catch (IOException | ParseException | JOSEException e) {
            throw new IllegalStateException("cannot read the local issuer key in " + dataDir, e);
        }
    }

    /** A mint whose tokens name this one's key id but are signed by another key: each costs a failed check. */
    TokenMint forger() {
        try {
            return new TokenMint(new RSAKeyGenerator(2048).keyID(key.getKeyID()).generate());
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot generate a key", e);
        }
    }

    String mint(String subject, String email, List<String> roles) {
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer("enclave-local")
                .audience("enclave")
                .subject(subject)
                .issueTime(Date.from(issuedAt))
                .notBeforeTime(Date.from(issuedAt.minusSeconds(60)))
                .expirationTime(Date.from(issuedAt.plus(LIFETIME)))
                .claim("email", email)
                .claim("email_verified", true)
                .claim("roles", roles)
                .build();
        SignedJWT jwt = new SignedJWT(header, claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign with " + key.getKeyID(), e);
        }
        return jwt.serialize();
    }
}
