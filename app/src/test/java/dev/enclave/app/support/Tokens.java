package dev.enclave.app.support;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import java.util.List;

/** Tokens for scenario tests: minted by the app's own local issuer, or crafted to be wrong in one way. */
public final class Tokens {

    private final Api api;
    private final Path dataDir;

    public Tokens(Api api, Path dataDir) {
        this.api = api;
        this.dataDir = dataDir;
    }

    /** A token from {@code POST /local/tokens}. */
    public String mint(String subject, String email) {
        return mint("{\"sub\":\"" + subject + "\",\"email\":\"" + email + "\"}");
    }

    /** A token from {@code POST /local/tokens} with the given request body. */
    public String mint(String requestJson) {
        Api.Reply reply = api.post("/local/tokens", requestJson, null);
        if (reply.status() != 200) {
            throw new IllegalStateException("token not issued: " + reply.status() + " " + reply.body());
        }
        return reply.json().get("token").asText();
    }

    /** Claims the local issuer would put in a valid token for {@code subject}. */
    public static JWTClaimsSet.Builder validClaims(String subject) {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer("enclave-local").audience("enclave").subject(subject)
                .claim("email", subject + "@example.com").claim("email_verified", true).claim("roles", List.of())
                .issueTime(Date.from(now)).notBeforeTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(600)));
    }

    /** Signs {@code claims} with the local issuer's own key (read from the data directory). */
    public String signWithIssuerKey(JWTClaimsSet claims) {
        RSAKey key = issuerKey();
        return sign(claims, new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), rsaSigner(key));
    }

    public RSAKey issuerKey() {
        try {
            return RSAKey.parse(Files.readString(dataDir.resolve("local-issuer-key.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParseException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String sign(JWTClaimsSet claims, JWSHeader header, JWSSigner signer) {
        try {
            SignedJWT jwt = new SignedJWT(header, claims);
            jwt.sign(signer);
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public static JWSSigner rsaSigner(RSAKey key) {
        try {
            return new RSASSASigner(key);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
