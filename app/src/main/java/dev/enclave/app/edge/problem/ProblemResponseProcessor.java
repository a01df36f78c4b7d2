package dev.enclave.app.edge.problem;

import dev.enclave.app.edge.observability.RequestIds;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.micronaut.json.JsonSyntaxException;
import io.micronaut.web.router.exceptions.UnsatisfiedRouteException;
import jakarta.inject.Singleton;
import jakarta.validation.ConstraintViolationException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Renders every error Micronaut and Micronaut Security produce (routing, content negotiation, body size,
 * conversion, validation, authentication, authorisation and unhandled faults) as {@code application/problem+json}
 * with a stable type. Server faults never carry their cause to the client.
 */
@Singleton
final class ProblemResponseProcessor implements ErrorResponseProcessor<Problem> {

    private static final MediaType PROBLEM_JSON = MediaType.of(Problem.MEDIA_TYPE);
    /** A problem lists at most this many violations, so its size never grows with the request's. */
    static final int MAX_VIOLATIONS = 10;

    @Override
    public MutableHttpResponse<Problem> processResponse(ErrorContext context, MutableHttpResponse<?> response) {
        Optional<TransportFailure> unread = TransportFailure.of(context.getRequest());
        unread.flatMap(TransportFailure::status).ifPresent(response::status);
        int status = response.code();
        ProblemType type = classify(context, status);
        String instance = unread.map(TransportFailure::targetReadable).orElse(true)
                ? context.getRequest().getPath() : null;
        String requestId = RequestIds.of(context.getRequest());
        Problem problem = Problem.of(type, detail(context, type, status), instance, requestId,
                violations(context, type));
        if (!response.getHeaders().contains(RequestIds.HEADER)) {
            response.header(RequestIds.HEADER, requestId);
        }
        if (unread.isPresent()) {
            response.header(HttpHeaders.CONNECTION, "close");
        }
        return response.body(problem).contentType(PROBLEM_JSON);
    }

    private static ProblemType classify(ErrorContext context, int status) {
        if (status == 400) {
            Throwable cause = context.getRootCause().orElse(null);
            if (cause instanceof ConstraintViolationException) {
                return ProblemType.VALIDATION_FAILED;
            }
            if (parameter(cause).isPresent()) {
                return ProblemType.BAD_REQUEST;
            }
            if (isUnreadableBody(cause)) {
                return ProblemType.MALFORMED_BODY;
            }
        }
        return ProblemType.forStatus(status);
    }

    /** The query, path or header parameter that is missing or could not be converted, when one is the cause. */
    private static Optional<Argument<?>> parameter(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            Argument<?> argument = t instanceof ConversionErrorException conversion ? conversion.getArgument()
                    : t instanceof UnsatisfiedRouteException unsatisfied ? unsatisfied.getArgument() : null;
            if (argument != null && !argument.getAnnotationMetadata().hasAnnotation(Body.class)) {
                return Optional.of(argument);
            }
        }
        return Optional.empty();
    }

    private static boolean isUnreadableBody(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof JsonSyntaxException || t instanceof ConversionErrorException
                    || t instanceof UnsatisfiedRouteException
                    || t.getClass().getName().startsWith("com.fasterxml.jackson")) {
                return true;
            }
        }
        return false;
    }

    private static String detail(ErrorContext context, ProblemType type, int status) {
        if (status >= 500) {
            return "The server could not complete the request; quote the request id when reporting it.";
        }
        return switch (type) {
            case URI_TOO_LONG -> "The request line is longer than the server reads; shorten the URL.";
            case HEADERS_TOO_LARGE -> "The request headers are larger than the server reads.";
            case MALFORMED_BODY -> "The request body is missing, not JSON, or a value has the wrong type.";
            case BAD_REQUEST -> parameter(context.getRootCause().orElse(null)).map(argument -> "The parameter "
                    + argument.getName() + " is missing or not a " + argument.getType().getSimpleName()
                    .toLowerCase(Locale.ROOT) + ".").orElseGet(() -> firstError(context));
            case VALIDATION_FAILED -> "One or more fields are invalid; see errors.";
            case UNAUTHORIZED -> "Send a valid bearer token (signed by the configured issuer, not expired).";
            default -> firstError(context);
        };
    }

    private static String firstError(ErrorContext context) {
        return context.getErrors().stream().findFirst().map(e -> e.getMessage()).orElse(null);
    }

    private static List<Problem.Violation> violations(ErrorContext context, ProblemType type) {
        if (type != ProblemType.VALIDATION_FAILED) {
            return null;
        }
        ConstraintViolationException violations = (ConstraintViolationException) context.getRootCause().get();
        return violations.getConstraintViolations().stream()
                .map(v -> new Problem.Violation(fieldOf(v.getPropertyPath().toString()), v.getMessage()))
                .sorted(java.util.Comparator.comparing(v -> String.valueOf(v.field())))
                .limit(MAX_VIOLATIONS)
                .toList();
    }

    /**
     * {@code create.request.email} names the method and parameter; clients know only the field. A list's entry is
     * named by its index alone ({@code permissions[0]}, not {@code permissions[0].<list element>}).
     */
    private static String fieldOf(String propertyPath) {
        String[] parts = propertyPath.replaceAll("\\.?<[a-z ]+>", "").split("\\.");
        return parts.length > 2 ? String.join(".", List.of(parts).subList(2, parts.length)) : parts[parts.length - 1];
    }
}
