package dev.enclave.app.edge.problem;

import dev.enclave.app.domain.outcome.Reason;
import io.micronaut.http.HttpStatus;

/**
 * The one place a refusal becomes HTTP: each domain {@link Reason} has its problem type, each problem type its
 * status. Both switches are exhaustive, so a new reason or type does not compile until it is mapped here.
 */
public final class ProblemMapping {

    private ProblemMapping() {
    }

    /** The problem type a refusal for {@code reason} answers with. */
    public static ProblemType type(Reason reason) {
        return switch (reason) {
            case BAD_REQUEST -> ProblemType.BAD_REQUEST;
            case MALFORMED_BODY -> ProblemType.MALFORMED_BODY;
            case VALIDATION_FAILED -> ProblemType.VALIDATION_FAILED;
            case NOT_FOUND -> ProblemType.NOT_FOUND;
            case CONFLICT -> ProblemType.CONFLICT;
            case TENANT_MISMATCH -> ProblemType.TENANT_MISMATCH;
            case MISSING_ROLE -> ProblemType.MISSING_ROLE;
            case ORGANISATION_NOT_FOUND -> ProblemType.ORGANISATION_NOT_FOUND;
            case MEMBER_NOT_FOUND -> ProblemType.MEMBER_NOT_FOUND;
            case ORGANISATION_EXISTS -> ProblemType.ORGANISATION_EXISTS;
            case ORGANISATION_BEING_DELETED -> ProblemType.ORGANISATION_BEING_DELETED;
            case VERSION_MISMATCH -> ProblemType.VERSION_MISMATCH;
            case PRECONDITION_REQUIRED -> ProblemType.PRECONDITION_REQUIRED;
            case INVALID_CURSOR -> ProblemType.INVALID_CURSOR;
            case INVITATION_NOT_FOUND -> ProblemType.INVITATION_NOT_FOUND;
            case WRONG_INVITEE -> ProblemType.WRONG_INVITEE;
            case EMAIL_NOT_VERIFIED -> ProblemType.EMAIL_NOT_VERIFIED;
            case INVITATION_EXPIRED -> ProblemType.INVITATION_EXPIRED;
            case INVITATION_NOT_PENDING -> ProblemType.INVITATION_NOT_PENDING;
            case LAST_OWNER -> ProblemType.LAST_OWNER;
            case ALREADY_MEMBER -> ProblemType.ALREADY_MEMBER;
            case SEAT_LIMIT_REACHED -> ProblemType.SEAT_LIMIT_REACHED;
            case API_KEY_NOT_FOUND -> ProblemType.API_KEY_NOT_FOUND;
            case API_KEY_LIMIT_REACHED -> ProblemType.API_KEY_LIMIT_REACHED;
            case INVALID_API_KEY -> ProblemType.INVALID_API_KEY;
            case ORGANISATION_SUSPENDED -> ProblemType.ORGANISATION_SUSPENDED;
            case IDEMPOTENCY_KEY_REUSED -> ProblemType.IDEMPOTENCY_KEY_REUSED;
            case UNSUPPORTED_MEDIA_TYPE -> ProblemType.UNSUPPORTED_MEDIA_TYPE;
            case TOO_MANY_REQUESTS -> ProblemType.TOO_MANY_REQUESTS;
            case WEBHOOK_ENDPOINT_NOT_FOUND -> ProblemType.WEBHOOK_ENDPOINT_NOT_FOUND;
            case WEBHOOK_ENDPOINT_LIMIT_REACHED -> ProblemType.WEBHOOK_ENDPOINT_LIMIT_REACHED;
            case WEBHOOK_URL_REFUSED -> ProblemType.WEBHOOK_URL_REFUSED;
            case DELIVERY_NOT_RETRYABLE -> ProblemType.DELIVERY_NOT_RETRYABLE;
            case GROUP_NOT_FOUND -> ProblemType.GROUP_NOT_FOUND;
            case SERVICE_NOT_FOUND -> ProblemType.SERVICE_NOT_FOUND;
            case GROUP_EXISTS -> ProblemType.GROUP_EXISTS;
            case GROUP_LIMIT_REACHED -> ProblemType.GROUP_LIMIT_REACHED;
            case GROUP_IN_USE -> ProblemType.GROUP_IN_USE;
        };
    }

    /** The status a problem of {@code type} answers with. */
    public static HttpStatus status(ProblemType type) {
        return switch (type) {
            case BAD_REQUEST -> HttpStatus.BAD_REQUEST;
            case MALFORMED_BODY -> HttpStatus.BAD_REQUEST;
            case VALIDATION_FAILED -> HttpStatus.BAD_REQUEST;
            case UNAUTHORIZED -> HttpStatus.UNAUTHORIZED;
            case FORBIDDEN -> HttpStatus.FORBIDDEN;
            case NOT_FOUND -> HttpStatus.NOT_FOUND;
            case METHOD_NOT_ALLOWED -> HttpStatus.METHOD_NOT_ALLOWED;
            case NOT_ACCEPTABLE -> HttpStatus.NOT_ACCEPTABLE;
            case CONFLICT -> HttpStatus.CONFLICT;
            case TENANT_MISMATCH -> HttpStatus.FORBIDDEN;
            case MISSING_ROLE -> HttpStatus.FORBIDDEN;
            case ORGANISATION_NOT_FOUND -> HttpStatus.NOT_FOUND;
            case MEMBER_NOT_FOUND -> HttpStatus.NOT_FOUND;
            case ORGANISATION_EXISTS -> HttpStatus.CONFLICT;
            case ORGANISATION_BEING_DELETED -> HttpStatus.CONFLICT;
            case VERSION_MISMATCH -> HttpStatus.PRECONDITION_FAILED;
            case PRECONDITION_REQUIRED -> HttpStatus.PRECONDITION_REQUIRED;
            case INVALID_CURSOR -> HttpStatus.BAD_REQUEST;
            case INVITATION_NOT_FOUND -> HttpStatus.NOT_FOUND;
            case WRONG_INVITEE -> HttpStatus.FORBIDDEN;
            case EMAIL_NOT_VERIFIED -> HttpStatus.FORBIDDEN;
            case INVITATION_EXPIRED -> HttpStatus.GONE;
            case INVITATION_NOT_PENDING -> HttpStatus.CONFLICT;
            case LAST_OWNER -> HttpStatus.CONFLICT;
            case ALREADY_MEMBER -> HttpStatus.CONFLICT;
            case SEAT_LIMIT_REACHED -> HttpStatus.CONFLICT;
            case API_KEY_NOT_FOUND -> HttpStatus.NOT_FOUND;
            case API_KEY_LIMIT_REACHED -> HttpStatus.CONFLICT;
            case INVALID_API_KEY -> HttpStatus.UNAUTHORIZED;
            case ORGANISATION_SUSPENDED -> HttpStatus.LOCKED;
            case IDEMPOTENCY_KEY_REUSED -> HttpStatus.UNPROCESSABLE_ENTITY;
            case PAYLOAD_TOO_LARGE -> HttpStatus.REQUEST_ENTITY_TOO_LARGE;
            case URI_TOO_LONG -> HttpStatus.REQUEST_URI_TOO_LONG;
            case HEADERS_TOO_LARGE -> HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
            case UNSUPPORTED_MEDIA_TYPE -> HttpStatus.UNSUPPORTED_MEDIA_TYPE;
            case TOO_MANY_REQUESTS -> HttpStatus.TOO_MANY_REQUESTS;
            case SERVICE_UNAVAILABLE -> HttpStatus.SERVICE_UNAVAILABLE;
            case INTERNAL -> HttpStatus.INTERNAL_SERVER_ERROR;
            case WEBHOOK_ENDPOINT_NOT_FOUND -> HttpStatus.NOT_FOUND;
            case WEBHOOK_ENDPOINT_LIMIT_REACHED -> HttpStatus.CONFLICT;
            case WEBHOOK_URL_REFUSED -> HttpStatus.UNPROCESSABLE_ENTITY;
            case DELIVERY_NOT_RETRYABLE -> HttpStatus.CONFLICT;
            case GROUP_NOT_FOUND -> HttpStatus.NOT_FOUND;
            case SERVICE_NOT_FOUND -> HttpStatus.NOT_FOUND;
            case GROUP_EXISTS, GROUP_LIMIT_REACHED, GROUP_IN_USE -> HttpStatus.CONFLICT;
        };
    }
}
