package dev.enclave.app.support;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An identity provider on loopback HTTP: it publishes a JWKS that tests rotate, can go down (answers 503), counts
 * the fetches, and signs tokens with any of its keys.
 */
public final class TestIdentityProvider implements AutoCloseable {

    public static final String ISSUER = "https://idp.test/";

    private final HttpServer http;
    private final List<RSAKey> published = new CopyOnWriteArrayList<>();
    private final AtomicInteger fetches = new AtomicInteger();
    private volatile boolean down;

    public TestIdentityProvider() {
        try {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        http.createContext("/jwks.json", exchange -> {
            fetches.incrementAndGet();
            byte[] body = down ? new byte[0] : new JWKSet(published.stream().map(k -> (JWK) k.toPublicJWK())
                    .toList()).toString(true).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(down ? 503 : 200, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        http.start();
    }

    public String jwksUrl() {
        return "http://" + http.getAddress().getHostString() + ":" + http.getAddress().getPort() + "/jwks.json";
    }

    /** A new key, published at once. */
    public RSAKey addKey(String keyId) {
        try {
            RSAKey key = new RSAKeyGenerator(2048).keyID(keyId).generate();
            published.add(key);
            return key;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public void removeKey(RSAKey key) {
        published.remove(key);
    }

    public void goDown() {
        down = true;
    }

    public void comeBack() {
        down = false;
    }

    public int fetches() {
        return fetches.get();
    }

    /** A token for {@code subject} signed by {@code key}, valid for ten minutes, with extra claims applied. */
    public static String token(RSAKey key, String subject, java.util.function.UnaryOperator<JWTClaimsSet.Builder> extra) {
        Instant now = Instant.now();
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().issuer(ISSUER).audience("enclave").subject(subject)
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(600)));
        return Tokens.sign(extra.apply(claims).build(),
                new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), Tokens.rsaSigner(key));
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
