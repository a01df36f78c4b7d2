package dev.enclave.app.edge.problem;

import dev.enclave.app.edge.auth.IdentityProviderUnavailableException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;

/** A token's signing key cannot be had (identity provider unreachable, no usable cached keys): 503, retry. */
@Singleton
final class IdentityProviderUnavailableHandler
        implements ExceptionHandler<IdentityProviderUnavailableException, HttpResponse<?>> {

    private final ErrorResponseProcessor<?> problems;

    IdentityProviderUnavailableHandler(ErrorResponseProcessor<?> problems) {
        this.problems = problems;
    }

    @Override
    public HttpResponse<?> handle(HttpRequest request, IdentityProviderUnavailableException exception) {
        long seconds = Math.max(1, (exception.retryAfter().toMillis() + 999) / 1000);
        return problems.processResponse(ErrorContext.builder(request).cause(exception)
                        .errorMessage("The identity provider's keys are unavailable; retry shortly.").build(),
                HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", Long.toString(seconds)));
    }
}
