package dev.enclave.app.edge.contract;

import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The error answers of the API contract, one annotation per status: each puts that status, with the problem codes
 * it stands for and the headers of its own, on the operation it marks. The {@code application/problem+json} body and
 * {@code X-Request-Id} every error answer carries are added when app compiles ({@code dev.enclave.openapi}, the
 * enclave-openapi-conventions module on the annotation processor path).
 */
public final class Problems {

    private Problems() {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "400",
            description = "`bad-request`, `malformed-body`, `validation-failed` or `invalid-cursor`: the "
                    + "request is not valid.")
    public @interface BadRequest {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "401",
            description = "`unauthorized` or `invalid-api-key`: no valid credential was sent.")
    public @interface Unauthorized {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "403",
            description = "`forbidden`, `tenant-mismatch`, `missing-role`, `wrong-invitee` or "
                    + "`email-not-verified`: the caller may not do this.")
    public @interface Forbidden {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "404",
            description = "`organisation-not-found`, `member-not-found`, `invitation-not-found`, "
                    + "`api-key-not-found` or `not-found`.")
    public @interface NotFound {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "409",
            description = "`conflict`, `organisation-exists`, `already-member`, `last-owner`, "
                    + "`seat-limit-reached`, `invitation-not-pending` or `api-key-limit-reached`; also "
                    + "a request whose Idempotency-Key is still in flight.")
    public @interface Conflict {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "410", description = "`invitation-expired`.")
    public @interface Gone {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "412",
            description = "`version-mismatch`: the resource changed since you read it; read it again.")
    public @interface PreconditionFailed {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "413", description = "`payload-too-large`: the body is over 1 MB.")
    public @interface PayloadTooLarge {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "415",
            description = "`unsupported-media-type`: the body is not uncompressed `application/json`.")
    public @interface UnsupportedMediaType {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "422",
            description = "`idempotency-key-reused`: the Idempotency-Key was used for a different request.")
    public @interface UnprocessableContent {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "423",
            description = "`organisation-suspended`: a platform admin suspended the organisation.")
    public @interface Locked {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "428", description = "`precondition-required`: send If-Match with the ETag you read.")
    public @interface PreconditionRequired {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "503",
            description = "`service-unavailable`: a dependency (identity provider, STS, DynamoDB) is "
                    + "unavailable, or the organisation had more changes at once than could get through; nothing "
                    + "changed; retry after Retry-After seconds.",
            headers = @Header(name = "Retry-After", description = ResponseHeaders.RETRY_AFTER,
                    schema = @Schema(type = "integer", minimum = "0")))
    public @interface ServiceUnavailable {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "429",
            description = "`too-many-requests`: the organisation's (or, outside one, the caller's) request rate or "
                    + "requests in progress are over its limit; retry after Retry-After seconds.",
            headers = {
                    @Header(name = "Retry-After", description = ResponseHeaders.RETRY_AFTER,
                            schema = @Schema(type = "integer", minimum = "1")),
                    @Header(name = "RateLimit-Policy", description = ResponseHeaders.RATE_LIMIT_POLICY,
                            schema = @Schema(type = "string")),
                    @Header(name = "RateLimit", description = ResponseHeaders.RATE_LIMIT,
                            schema = @Schema(type = "string"))})
    public @interface TooManyRequests {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "414", description = "`uri-too-long`: the request line is over 8 KB.")
    public @interface UriTooLong {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "431", description = "`headers-too-large`: the request headers are too large.")
    public @interface HeadersTooLarge {
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @ApiResponse(responseCode = "406", description = "`not-acceptable`: the Accept header admits no JSON answer.")
    public @interface NotAcceptable {
    }
}
