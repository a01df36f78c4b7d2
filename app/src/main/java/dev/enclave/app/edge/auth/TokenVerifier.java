package dev.enclave.app.edge.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.enclave.app.domain.access.Caller;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Checks a bearer token by {@link TokenRules}: a signed JWT whose algorithm is one of those configured, whose claims
 * are acceptable (checked first, so a token refused anyway never costs a signature check or a key fetch), signed by
 * the provider's key of that id.
 */
final class TokenVerifier {

    private final TokenRules rules;
    private final ClaimNames names;
    private final SigningKeys keys;
    private final Clock clock;

    TokenVerifier(TokenRules rules, ClaimNames names, SigningKeys keys, Clock clock) {
        this.rules = rules;
        this.names = names;
        this.keys = keys;
        this.clock = clock;
    }

    /** What a token is. */
    sealed interface Outcome permits Verified, Refused, NoKey {
    }

    /**
     * A good token: its claims, the key that signed it and until when it is accepted (its {@code exp}, or for a
     * platform admin's token the end of its maximum age if that comes first), which bounds how long it is cached.
     */
    record Verified(JWTClaimsSet claims, Caller caller, String keyId, Instant acceptedUntil) implements Outcome {
    }

    /** Not a token Enclave accepts, and why (for the log; never the token). */
    record Refused(String reason) implements Outcome {
    }

    /** The token's key cannot be had now. */
    record NoKey(Duration retryAfter) implements Outcome {
    }

    CompletionStage<Outcome> verify(String token) {
        SignedJWT jwt;
        JWTClaimsSet claims;
        try {
            jwt = SignedJWT.parse(token);
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException | ClassCastException notSigned) {
            return refused("not a signed JWT");
        }
        if (!rules.algorithms().contains(jwt.getHeader().getAlgorithm())) {
            return refused("algorithm " + jwt.getHeader().getAlgorithm() + " is not accepted");
        }
        String keyId = jwt.getHeader().getKeyID();
        if (keyId == null) {
            return refused("no key id (kid)");
        }
        Optional<String> claimsRefusal = refusal(claims);
        if (claimsRefusal.isPresent()) {
            return refused(claimsRefusal.get());
        }
        Optional<Caller> caller = CallerClaims.read(names, claims::getClaim);
        if (caller.isEmpty()) {
            return refused("identity claims unreadable (user id, tenant or roles)");
        }
        if (caller.get().roles().contains(TokenRules.PLATFORM_ADMIN) && !freshEnoughForAdmin(claims)) {
            return refused("a platform-admin token must carry iat and be at most " + rules.platformAdminMaxAge()
                    + " old; get a new one");
        }
        return keys.find(keyId).thenApply(lookup -> outcome(lookup, jwt, claims, caller.get(), keyId));
    }

    private Outcome outcome(SigningKeys.Lookup lookup, SignedJWT jwt, JWTClaimsSet claims, Caller caller,
                            String keyId) {
        if (lookup instanceof SigningKeys.Unavailable unavailable) {
            return new NoKey(unavailable.retryAfter());
        }
        if (!(lookup instanceof SigningKeys.Found found)) {
            return new Refused("unknown key id " + keyId);
        }
        if (!signedBy(jwt, found.key())) {
            return new Refused("signature does not verify with key " + keyId);
        }
        return new Verified(claims, caller, keyId, acceptedUntil(claims, caller));
    }

    private Instant acceptedUntil(JWTClaimsSet claims, Caller caller) {
        Instant expiry = claims.getExpirationTime().toInstant();
        if (!caller.roles().contains(TokenRules.PLATFORM_ADMIN)) {
            return expiry;
        }
        Instant adminUntil = adminAcceptedUntil(claims.getIssueTime());
        return adminUntil.isBefore(expiry) ? adminUntil : expiry;
    }

    private Optional<String> refusal(JWTClaimsSet claims) {
        Instant now = clock.instant();
        Date expiry = claims.getExpirationTime();
        if (expiry == null) {
            return Optional.of("no exp claim");
        }
        if (!expiry.toInstant().plus(rules.clockSkew()).isAfter(now)) {
            return Optional.of("expired");
        }
        Date notBefore = claims.getNotBeforeTime();
        if (notBefore != null && notBefore.toInstant().minus(rules.clockSkew()).isAfter(now)) {
            return Optional.of("not valid yet (nbf)");
        }
        if (!rules.issuer().equals(claims.getIssuer())) {
            return Optional.of("issuer is not exactly " + rules.issuer());
        }
        if (!audienceMatches(claims)) {
            return Optional.of(rules.audienceClaim().claim + " does not name " + rules.audience());
        }
        if (rules.tokenUse().isPresent() && !rules.tokenUse().get().equals(claims.getClaim("token_use"))) {
            return Optional.of("token_use is not " + rules.tokenUse().get());
        }
        return Optional.empty();
    }

    /**
     * The role comes from the token alone, so a platform admin's token is accepted only while it is recent, and only
     * once it is issued: one stamped later than now (beyond the clock skew) would otherwise stay recent for as long
     * as its issuer put its {@code iat} ahead.
     */
    private boolean freshEnoughForAdmin(JWTClaimsSet claims) {
        Date issued = claims.getIssueTime();
        Instant now = clock.instant();
        return issued != null && adminAcceptedUntil(issued).isAfter(now)
                && !issued.toInstant().minus(rules.clockSkew()).isAfter(now);
    }

    private Instant adminAcceptedUntil(Date issued) {
        return issued.toInstant().plus(rules.platformAdminMaxAge()).plus(rules.clockSkew());
    }

    private boolean audienceMatches(JWTClaimsSet claims) {
        return switch (rules.audienceClaim()) {
            case AUD -> {
                List<String> audience = claims.getAudience();
                yield audience != null && audience.contains(rules.audience());
            }
            case CLIENT_ID -> rules.audience().equals(claims.getClaim("client_id"));
        };
    }

    private boolean signedBy(SignedJWT jwt, JWK key) {
        if (!rules.keyType().equals(key.getKeyType())
                || (key.getAlgorithm() != null && !key.getAlgorithm().equals(jwt.getHeader().getAlgorithm()))) {
            return false;
        }
        try {
            return jwt.verify(verifierFor(key));
        } catch (JOSEException unusableKey) {
            return false;
        }
    }

    private static JWSVerifier verifierFor(JWK key) throws JOSEException {
        if (key instanceof RSAKey rsa) {
            return new RSASSAVerifier(rsa);
        }
        if (key instanceof ECKey ec) {
            return new ECDSAVerifier(ec);
        }
        throw new JOSEException("unsupported key type " + key.getKeyType());
    }

    private static CompletionStage<Outcome> refused(String reason) {
        return CompletableFuture.completedFuture(new Refused(reason));
    }
}
