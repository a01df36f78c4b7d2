package dev.enclave.app.edge.auth;

import dev.enclave.app.domain.access.Caller;

import io.micronaut.core.convert.ArgumentConversionContext;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.bind.binders.TypedRequestArgumentBinder;
import io.micronaut.security.authentication.Authentication;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * Lets controllers take the {@link Caller} as a parameter: the one {@link BearerTokenValidator} read when it
 * verified the token, so a cached token's claims are not read again on every request.
 */
@Singleton
public final class CallerBinder implements TypedRequestArgumentBinder<Caller> {

    /** The authentication attribute holding the {@link Caller} read once when the token was verified. */
    static final String CALLER = "enclave.caller";

    @Override
    public Argument<Caller> argumentType() {
        return Argument.of(Caller.class);
    }

    @Override
    public BindingResult<Caller> bind(ArgumentConversionContext<Caller> context, HttpRequest<?> source) {
        return () -> callerOf(source);
    }

    /** The authenticated caller of a request, if any. */
    public Optional<Caller> callerOf(HttpRequest<?> request) {
        return request.getUserPrincipal(Authentication.class)
                .map(authentication -> authentication.getAttributes().get(CALLER))
                .filter(Caller.class::isInstance).map(Caller.class::cast);
    }
}
