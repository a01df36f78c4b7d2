package dev.enclave.app.local;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.enclave.app.edge.auth.ClaimNames;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.Valid;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Mints tokens from the local issuer, so the API can be tried without an identity provider. Local only. */
@Hidden
@Controller("/local/tokens")
@Requires(env = "local")
@Secured(SecurityRule.IS_ANONYMOUS)
class LocalTokenController {

    @Serdeable
    record Token(String token) {
    }

    private final LocalSigningKey key;
    private final ClaimNames claims;
    private final String issuer;
    private final String audience;
    private final Clock clock;

    LocalTokenController(LocalSigningKey key, ClaimNames claims,
                         @Property(name = "enclave.auth.issuer") String issuer,
                         @Property(name = "enclave.auth.audience") String audience) {
        this.key = key;
        this.claims = claims;
        this.issuer = issuer;
        this.audience = audience;
        this.clock = Clock.systemUTC();
    }

    @Post
    Token issue(@Valid @Body LocalTokenRequest request) throws JOSEException {
        Instant now = clock.instant();
        int ttl = request.ttlSeconds() == null ? LocalTokenRequest.DEFAULT_TTL_SECONDS : request.ttlSeconds();
        JWTClaimsSet.Builder body = new JWTClaimsSet.Builder()
                .issuer(issuer)
                .audience(audience)
                .jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now))
                .notBeforeTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(ttl)))
                .claim(claims.getUserId(), request.sub())
                .claim(claims.getEmail(), request.email())
                .claim(claims.getEmailVerified(), request.emailVerified() == null || request.emailVerified())
                .claim(claims.getRoles(), request.roles() == null ? List.of() : request.roles());
        if (request.tenant() != null) {
            body.claim(claims.getTenant(), request.tenant());
        }
        Map.of(claims.getName(), Optional.ofNullable(request.name()), claims.getGivenName(),
                Optional.ofNullable(request.givenName()), claims.getFamilyName(),
                Optional.ofNullable(request.familyName()), claims.getPicture(), Optional.ofNullable(request.picture()),
                claims.getPhone(), Optional.ofNullable(request.phone()))
                .forEach((claim, value) -> value.ifPresent(v -> body.claim(claim, v)));
        JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.RS256).type(JOSEObjectType.JWT)
                .keyID(key.privateKey().getKeyID()).build();
        SignedJWT jwt = new SignedJWT(header, body.build());
        jwt.sign(new RSASSASigner(key.privateKey()));
        return new Token(jwt.serialize());
    }
}
