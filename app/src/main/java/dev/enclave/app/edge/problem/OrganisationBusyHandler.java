package dev.enclave.app.edge.problem;

import dev.enclave.app.infra.store.OrganisationBusyException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** An organisation's write found more of its writes queued than fit in the wait: 503, nothing changed, retry. */
@Singleton
final class OrganisationBusyHandler implements ExceptionHandler<OrganisationBusyException, HttpResponse<?>> {

    private static final Logger LOG = LoggerFactory.getLogger("enclave.dependencies");

    private final ErrorResponseProcessor<?> problems;

    OrganisationBusyHandler(ErrorResponseProcessor<?> problems) {
        this.problems = problems;
    }

    @Override
    public HttpResponse<?> handle(HttpRequest request, OrganisationBusyException exception) {
        LOG.warn("{}", exception.getMessage());
        return problems.processResponse(ErrorContext.builder(request).cause(exception)
                        .errorMessage("The organisation has more changes in progress than can wait; nothing was "
                                + "changed. Retry shortly.").build(),
                HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE)
                        .header("Retry-After", DynamoDbFaultHandler.RETRY_AFTER_SECONDS));
    }
}
