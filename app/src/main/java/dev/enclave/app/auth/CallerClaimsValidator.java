package dev.enclave.app.auth;

import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.token.Claims;
import io.micronaut.security.token.jwt.validator.GenericJwtClaimsValidator;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rejects (401) a token Enclave cannot hold to account: no {@code exp} (it would never expire), an issuer that is
 * not exactly the configured one (no trailing-slash or case leniency), or identity claims Enclave cannot read (no
 * user id, a malformed tenant). Each refusal is logged with its reason, never with the token.
 */
@Singleton
final class CallerClaimsValidator implements GenericJwtClaimsValidator<HttpRequest<?>> {

    private static final Logger LOG = LoggerFactory.getLogger("enclave.auth");

    private final ClaimNames names;
    private final String issuer;

    CallerClaimsValidator(ClaimNames names, @Nullable @Value("${enclave.auth.issuer:}") String issuer) {
        this.names = names;
        this.issuer = issuer == null ? "" : issuer;
    }

    @Override
    public boolean validate(Claims claims, HttpRequest<?> request) {
        Optional<String> refusal = refusal(claims);
        refusal.ifPresent(reason -> LOG.info("token refused: {} (path={})", reason, request.getPath()));
        return refusal.isEmpty();
    }

    private Optional<String> refusal(Claims claims) {
        if (claims.get("exp") == null) {
            return Optional.of("no exp claim");
        }
        if (!issuer.isEmpty() && !issuer.equals(claims.get("iss"))) {
            return Optional.of("issuer is not exactly " + issuer);
        }
        if (CallerClaims.read(names, claims::get).isEmpty()) {
            return Optional.of("identity claims unreadable (user id, tenant or roles)");
        }
        return Optional.empty();
    }
}
