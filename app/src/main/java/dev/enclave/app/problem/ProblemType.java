package dev.enclave.app.problem;

import io.micronaut.http.HttpStatus;
import java.net.URI;

/**
 * The stable problem types Enclave answers with. Clients switch on {@link #code()} (or the {@code type} URI,
 * which ends with it); titles are for people and may be reworded.
 */
public enum ProblemType {
    BAD_REQUEST("bad-request", HttpStatus.BAD_REQUEST, "Bad request"),
    MALFORMED_BODY("malformed-body", HttpStatus.BAD_REQUEST, "The request body could not be read"),
    VALIDATION_FAILED("validation-failed", HttpStatus.BAD_REQUEST, "The request is not valid"),
    UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED, "Authentication required"),
    FORBIDDEN("forbidden", HttpStatus.FORBIDDEN, "Not allowed"),
    NOT_FOUND("not-found", HttpStatus.NOT_FOUND, "Not found"),
    METHOD_NOT_ALLOWED("method-not-allowed", HttpStatus.METHOD_NOT_ALLOWED, "Method not allowed"),
    NOT_ACCEPTABLE("not-acceptable", HttpStatus.NOT_ACCEPTABLE, "Not acceptable"),
    CONFLICT("conflict", HttpStatus.CONFLICT, "Conflict"),
    TENANT_MISMATCH("tenant-mismatch", HttpStatus.FORBIDDEN, "The token is bound to another tenant"),
    MISSING_ROLE("missing-role", HttpStatus.FORBIDDEN, "Your membership does not allow this"),
    ORGANISATION_NOT_FOUND("organisation-not-found", HttpStatus.NOT_FOUND, "No such organisation"),
    MEMBER_NOT_FOUND("member-not-found", HttpStatus.NOT_FOUND, "No such member"),
    ORGANISATION_EXISTS("organisation-exists", HttpStatus.CONFLICT, "That organisation id is taken"),
    VERSION_MISMATCH("version-mismatch", HttpStatus.PRECONDITION_FAILED, "The resource changed since you read it"),
    PRECONDITION_REQUIRED("precondition-required", HttpStatus.PRECONDITION_REQUIRED,
            "Send If-Match with the ETag you read"),
    INVALID_CURSOR("invalid-cursor", HttpStatus.BAD_REQUEST, "The cursor is not valid here"),
    INVITATION_NOT_FOUND("invitation-not-found", HttpStatus.NOT_FOUND, "No such invitation"),
    WRONG_INVITEE("wrong-invitee", HttpStatus.FORBIDDEN, "This invitation is addressed to another email"),
    EMAIL_NOT_VERIFIED("email-not-verified", HttpStatus.FORBIDDEN, "Your identity provider has not verified your email"),
    INVITATION_EXPIRED("invitation-expired", HttpStatus.GONE, "The invitation has expired"),
    INVITATION_NOT_PENDING("invitation-not-pending", HttpStatus.CONFLICT, "The invitation is no longer pending"),
    LAST_OWNER("last-owner", HttpStatus.CONFLICT, "An organisation keeps at least one owner"),
    ALREADY_MEMBER("already-member", HttpStatus.CONFLICT, "Already a member"),
    SEAT_LIMIT_REACHED("seat-limit-reached", HttpStatus.CONFLICT, "The organisation has no seat left"),
    API_KEY_NOT_FOUND("api-key-not-found", HttpStatus.NOT_FOUND, "No such API key"),
    API_KEY_LIMIT_REACHED("api-key-limit-reached", HttpStatus.CONFLICT,
            "The organisation holds as many API keys as it may; revoke one first"),
    INVALID_API_KEY("invalid-api-key", HttpStatus.UNAUTHORIZED, "The API key is not valid"),
    ORGANISATION_SUSPENDED("organisation-suspended", HttpStatus.LOCKED, "The organisation is suspended"),
    IDEMPOTENCY_KEY_REUSED("idempotency-key-reused", HttpStatus.UNPROCESSABLE_ENTITY,
            "That Idempotency-Key was used with a different request"),
    PAYLOAD_TOO_LARGE("payload-too-large", HttpStatus.REQUEST_ENTITY_TOO_LARGE, "Request body too large"),
    URI_TOO_LONG("uri-too-long", HttpStatus.REQUEST_URI_TOO_LONG, "Request line too long"),
    HEADERS_TOO_LARGE("headers-too-large", HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "Request headers too large"),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type"),
    TOO_MANY_REQUESTS("too-many-requests", HttpStatus.TOO_MANY_REQUESTS, "Too many requests"),
    SERVICE_UNAVAILABLE("service-unavailable", HttpStatus.SERVICE_UNAVAILABLE, "Service unavailable"),
    INTERNAL("internal", HttpStatus.INTERNAL_SERVER_ERROR, "Internal error");

    /** The base every problem type URI starts with. */
    public static final String BASE_URI = "https://enclave.dev/problems/";

    private final String code;
    private final HttpStatus status;
    private final String title;

    ProblemType(String code, HttpStatus status, String title) {
        this.code = code;
        this.status = status;
        this.title = title;
    }

    public String code() {
        return code;
    }

    public HttpStatus status() {
        return status;
    }

    public String title() {
        return title;
    }

    /** Whether this is the plain type of its status (not a more precise one). */
    private boolean generic() {
        return switch (this) {
            case BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, METHOD_NOT_ALLOWED, NOT_ACCEPTABLE, CONFLICT,
                 PAYLOAD_TOO_LARGE, URI_TOO_LONG, HEADERS_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, TOO_MANY_REQUESTS,
                 SERVICE_UNAVAILABLE,
                 INTERNAL -> true;
            default -> false;
        };
    }

    public URI uri() {
        return URI.create(BASE_URI + code);
    }

    /** The generic type for a status Enclave did not classify more precisely. */
    public static ProblemType forStatus(int status) {
        for (ProblemType type : values()) {
            if (type.status.getCode() == status && type.generic()) {
                return type;
            }
        }
        return status >= 500 ? INTERNAL : BAD_REQUEST;
    }
}
