package dev.enclave.app.edge.problem;

import dev.enclave.tenancy.credentials.CredentialsUnavailableException;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** No credentials for the tenant right now (STS down or throttling beyond retries): 503, try again shortly. */
@Singleton
@Requires(classes = CredentialsUnavailableException.class)
final class CredentialsUnavailableHandler
        implements ExceptionHandler<CredentialsUnavailableException, HttpResponse<?>> {

    static final String RETRY_AFTER_SECONDS = "5";
    private static final Logger LOG = LoggerFactory.getLogger("enclave.isolation");

    private final ErrorResponseProcessor<?> problems;

    CredentialsUnavailableHandler(ErrorResponseProcessor<?> problems) {
        this.problems = problems;
    }

    @Override
    public HttpResponse<?> handle(HttpRequest request, CredentialsUnavailableException exception) {
        LOG.warn("no tenant credentials: {}", exception.getMessage(), exception.getCause());
        return problems.processResponse(ErrorContext.builder(request).cause(exception)
                        .errorMessage("Tenant credentials are temporarily unavailable; retry shortly.").build(),
                HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", RETRY_AFTER_SECONDS));
    }
}
