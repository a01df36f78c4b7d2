package dev.enclave.app.domain.outcome;

/**
 * Why a workflow refused, in the domain's words. {@code problem.ProblemMapping} gives each reason its problem type
 * and HTTP status; nothing here knows HTTP.
 */
public enum Reason {
    BAD_REQUEST,
    MALFORMED_BODY,
    VALIDATION_FAILED,
    NOT_FOUND,
    CONFLICT,
    TENANT_MISMATCH,
    MISSING_ROLE,
    ORGANISATION_NOT_FOUND,
    MEMBER_NOT_FOUND,
    ORGANISATION_EXISTS,
    /** The id's previous organisation is still being deleted. */
    ORGANISATION_BEING_DELETED,
    VERSION_MISMATCH,
    PRECONDITION_REQUIRED,
    INVALID_CURSOR,
    INVITATION_NOT_FOUND,
    WRONG_INVITEE,
    EMAIL_NOT_VERIFIED,
    INVITATION_EXPIRED,
    INVITATION_NOT_PENDING,
    LAST_OWNER,
    ALREADY_MEMBER,
    SEAT_LIMIT_REACHED,
    API_KEY_NOT_FOUND,
    API_KEY_LIMIT_REACHED,
    INVALID_API_KEY,
    ORGANISATION_SUSPENDED,
    IDEMPOTENCY_KEY_REUSED,
    UNSUPPORTED_MEDIA_TYPE,
    TOO_MANY_REQUESTS,
    WEBHOOK_ENDPOINT_NOT_FOUND,
    WEBHOOK_ENDPOINT_LIMIT_REACHED,
    /** The URL breaks the webhook URL rules (scheme, host, address). */
    WEBHOOK_URL_REFUSED,
    GROUP_NOT_FOUND,
    SERVICE_NOT_FOUND,
    /** A custom group of that id exists already, or the id is a built-in group's. */
    GROUP_EXISTS,
    GROUP_LIMIT_REACHED,
    /** Members hold the group: take it from them first. */
    GROUP_IN_USE,
    /** No such delivery, or one an attempt of which is being made right now. */
    DELIVERY_NOT_RETRYABLE
}
