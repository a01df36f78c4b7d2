package dev.enclave.app.edge.problem;

import dev.enclave.app.infra.store.TransactionOutcome;

import dev.enclave.tenancy.guard.IsolationViolationException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * What an AWS call raised once the SDK's retries and timeouts were spent. A dependency's bad minute — throttling,
 * a 5xx, a timeout, a dropped connection — answers 503 {@code service-unavailable} with {@code Retry-After}, never
 * 500; the client may simply retry. So does a write that kept losing to other transactions on the same items (an
 * organisation busier than its item lets through): nothing changed, and the same request may be sent again.
 * Anything else (the guard refusing a
 * request, a request DynamoDB calls invalid) is a fault of ours: 500 {@code internal}, logged with its cause.
 */
@Singleton
final class DynamoDbFaultHandler implements ExceptionHandler<SdkException, HttpResponse<?>> {

    static final String RETRY_AFTER_SECONDS = "2";
    private static final Logger LOG = LoggerFactory.getLogger("enclave.dependencies");

    private final ErrorResponseProcessor<?> problems;

    DynamoDbFaultHandler(ErrorResponseProcessor<?> problems) {
        this.problems = problems;
    }

    @Override
    public HttpResponse<?> handle(HttpRequest request, SdkException exception) {
        if (TransactionOutcome.conflicted(exception)) {
            LOG.warn("write lost to concurrent transactions after retries: {}", exception.toString());
            return problems.processResponse(ErrorContext.builder(request).cause(exception)
                            .errorMessage("Other changes to the same data kept it busy; nothing was changed. "
                                    + "Retry shortly.").build(),
                    HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", RETRY_AFTER_SECONDS));
        }
        if (isTransient(exception)) {
            LOG.warn("dependency unavailable after retries: {}", exception.toString());
            return problems.processResponse(ErrorContext.builder(request).cause(exception)
                            .errorMessage("A dependency is briefly unavailable; retry shortly.").build(),
                    HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", RETRY_AFTER_SECONDS));
        }
        LOG.error("AWS call failed", exception);
        return problems.processResponse(ErrorContext.builder(request).cause(exception).build(),
                HttpResponse.serverError());
    }

    /** Whether the failure is the dependency's and passes: worth a retry by the client, later. */
    static boolean isTransient(SdkException exception) {
        if (exception instanceof IsolationViolationException) {
            return false;
        }
        if (exception instanceof ApiCallTimeoutException || exception instanceof ApiCallAttemptTimeoutException) {
            return true;
        }
        if (exception instanceof AwsServiceException service) {
            return service.isThrottlingException() || service.statusCode() >= 500;
        }
        return exception instanceof SdkClientException && causedByIo(exception);
    }

    private static boolean causedByIo(Throwable exception) {
        for (Throwable cause = exception.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException) {
                return true;
            }
        }
        return false;
    }
}
