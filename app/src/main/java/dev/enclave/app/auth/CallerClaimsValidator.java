package dev.enclave.app.auth;

import io.micronaut.http.HttpRequest;
import io.micronaut.security.token.Claims;
import io.micronaut.security.token.jwt.validator.GenericJwtClaimsValidator;
import jakarta.inject.Singleton;

/** Rejects (401) a token whose identity claims Enclave cannot read: no issuer, no user id, a malformed tenant. */
@Singleton
final class CallerClaimsValidator implements GenericJwtClaimsValidator<HttpRequest<?>> {

    private final ClaimNames names;

    CallerClaimsValidator(ClaimNames names) {
        this.names = names;
    }

    @Override
    public boolean validate(Claims claims, HttpRequest<?> request) {
        return CallerClaims.read(names, claims::get).isPresent();
    }
}
