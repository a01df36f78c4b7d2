package dev.enclave.openapi;

/**
 * What every answer of the API contract shares, said once: {@link EveryAnswerTransformer} puts it on each
 * {@code @ApiResponse} of app at compile time. This class has no supertype and no dependency, so code compiled against
 * it needs none of the annotation processor's API.
 */
public final class EveryAnswer {

    /** The header naming the request, sent on every answer. */
    public static final String REQUEST_ID_HEADER = "X-Request-Id";

    /** What {@link #REQUEST_ID_HEADER} means, as the contract says it. */
    public static final String REQUEST_ID =
            "The request's id, also in problem documents; a well-formed X-Request-Id you send is kept.";

    /** What the {@code ETag} header means, on an answer that carries it. */
    public static final String ETAG =
            "The resource's version; send it back in If-Match to change the resource.";

    /** What the {@code Location} header means, on an answer that carries it. */
    public static final String LOCATION = "Where the created resource lives.";

    /** What the {@code Idempotent-Replayed} header means, on an answer an Idempotency-Key can give again. */
    public static final String IDEMPOTENT_REPLAYED =
            "true when this is the kept answer to an earlier request with the same Idempotency-Key.";

    /** The media type of every error answer's body (RFC 9457). */
    public static final String PROBLEM_MEDIA_TYPE = "application/problem+json";

    /** The error answers' body: the Problem schema of the contract's shared components. */
    public static final String PROBLEM_SCHEMA = "#/components/schemas/Problem";

    private EveryAnswer() {
    }
}
