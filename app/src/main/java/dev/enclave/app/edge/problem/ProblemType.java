package dev.enclave.app.edge.problem;

import java.net.URI;

/**
 * The stable problem types Enclave answers with. Clients switch on {@link #code()} (or the {@code type} URI,
 * which ends with it); titles are for people and may be reworded. Their HTTP statuses are in {@link ProblemMapping}.
 */
public enum ProblemType {
    BAD_REQUEST("bad-request", "Bad request"),
    MALFORMED_BODY("malformed-body", "The request body could not be read"),
    VALIDATION_FAILED("validation-failed", "The request is not valid"),
    UNAUTHORIZED("unauthorized", "Authentication required"),
    FORBIDDEN("forbidden", "Not allowed"),
    NOT_FOUND("not-found", "Not found"),
    METHOD_NOT_ALLOWED("method-not-allowed", "Method not allowed"),
    NOT_ACCEPTABLE("not-acceptable", "Not acceptable"),
    CONFLICT("conflict", "Conflict"),
    TENANT_MISMATCH("tenant-mismatch", "The token is bound to another tenant"),
    MISSING_ROLE("missing-role", "Your membership does not allow this"),
    ORGANISATION_NOT_FOUND("organisation-not-found", "No such organisation"),
    MEMBER_NOT_FOUND("member-not-found", "No such member"),
    ORGANISATION_EXISTS("organisation-exists", "That organisation id is taken"),
    ORGANISATION_BEING_DELETED("organisation-being-deleted",
            "That organisation id's previous organisation is still being deleted"),
    VERSION_MISMATCH("version-mismatch", "The resource changed since you read it"),
    PRECONDITION_REQUIRED("precondition-required",
            "Send If-Match with the ETag you read"),
    INVALID_CURSOR("invalid-cursor", "The cursor is not valid here"),
    INVITATION_NOT_FOUND("invitation-not-found", "No such invitation"),
    WRONG_INVITEE("wrong-invitee", "This invitation is addressed to another email"),
    EMAIL_NOT_VERIFIED("email-not-verified", "Your identity provider has not verified your email"),
    INVITATION_EXPIRED("invitation-expired", "The invitation has expired"),
    INVITATION_NOT_PENDING("invitation-not-pending", "The invitation is no longer pending"),
    LAST_OWNER("last-owner", "An organisation keeps at least one owner"),
    ALREADY_MEMBER("already-member", "Already a member"),
    SEAT_LIMIT_REACHED("seat-limit-reached", "The organisation has no seat left"),
    API_KEY_NOT_FOUND("api-key-not-found", "No such API key"),
    API_KEY_LIMIT_REACHED("api-key-limit-reached",
            "The organisation holds as many API keys as it may; revoke one first"),
    INVALID_API_KEY("invalid-api-key", "The API key is not valid"),
    ORGANISATION_SUSPENDED("organisation-suspended", "The organisation is suspended"),
    IDEMPOTENCY_KEY_REUSED("idempotency-key-reused",
            "That Idempotency-Key was used with a different request"),
    PAYLOAD_TOO_LARGE("payload-too-large", "Request body too large"),
    URI_TOO_LONG("uri-too-long", "Request line too long"),
    HEADERS_TOO_LARGE("headers-too-large", "Request headers too large"),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", "Unsupported media type"),
    TOO_MANY_REQUESTS("too-many-requests", "Too many requests"),
    SERVICE_UNAVAILABLE("service-unavailable", "Service unavailable"),
    INTERNAL("internal", "Internal error"),
    WEBHOOK_ENDPOINT_NOT_FOUND("webhook-endpoint-not-found", "No such webhook endpoint"),
    WEBHOOK_ENDPOINT_LIMIT_REACHED("webhook-endpoint-limit-reached",
            "The organisation has as many webhook endpoints as it may; delete one first"),
    WEBHOOK_URL_REFUSED("webhook-url-refused", "Enclave does not deliver to that URL"),
    DELIVERY_NOT_RETRYABLE("delivery-not-retryable", "No such delivery, or an attempt of it is in progress"),
    GROUP_NOT_FOUND("group-not-found", "No such custom group"),
    SERVICE_NOT_FOUND("service-not-found", "No such service"),
    GROUP_EXISTS("group-exists", "A group of that name exists"),
    GROUP_LIMIT_REACHED("group-limit-reached",
            "The organisation has as many custom groups as it may; delete one first"),
    GROUP_IN_USE("group-in-use", "Members hold the group; take it from them first");

    /** The base every problem type URI starts with. */
    public static final String BASE_URI = "https://enclave.dev/problems/";

    private final String code;
    private final String title;

    ProblemType(String code, String title) {
        this.code = code;
        this.title = title;
    }

    public String code() {
        return code;
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
            if (ProblemMapping.status(type).getCode() == status && type.generic()) {
                return type;
            }
        }
        return status >= 500 ? INTERNAL : BAD_REQUEST;
    }
}
