package dev.enclave.app.auth;

import io.micronaut.core.convert.ArgumentConversionContext;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.bind.binders.TypedRequestArgumentBinder;
import io.micronaut.security.authentication.Authentication;
import jakarta.inject.Singleton;

/** Lets controllers take the {@link Caller} as a parameter. */
@Singleton
public final class CallerBinder implements TypedRequestArgumentBinder<Caller> {

    private final ClaimNames names;

    CallerBinder(ClaimNames names) {
        this.names = names;
    }

    @Override
    public Argument<Caller> argumentType() {
        return Argument.of(Caller.class);
    }

    @Override
    public BindingResult<Caller> bind(ArgumentConversionContext<Caller> context, HttpRequest<?> source) {
        return () -> callerOf(source);
    }

    /** The authenticated caller of a request, if any. */
    public java.util.Optional<Caller> callerOf(HttpRequest<?> request) {
        return request.getUserPrincipal(Authentication.class)
                .flatMap(authentication -> CallerClaims.read(names, authentication.getAttributes()));
    }
}
