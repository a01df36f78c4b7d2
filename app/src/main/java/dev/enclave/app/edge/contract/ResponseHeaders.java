package dev.enclave.app.edge.contract;

/** What the response headers of the API contract mean. */
public final class ResponseHeaders {

    public static final String REQUEST_ID =
            "The request's id, also in problem documents; a well-formed X-Request-Id you send is kept.";
    public static final String ETAG = "The resource's version; send it back in If-Match to change the resource.";
    public static final String LOCATION = "Where the created resource lives.";
    public static final String IDEMPOTENT_REPLAYED =
            "true when this is the kept answer to an earlier request with the same Idempotency-Key.";
    public static final String RETRY_AFTER = "Seconds to wait before trying again.";
    public static final String RATE_LIMIT_POLICY = "The limit this request counted against (IETF RateLimit fields): "
            + "its name (tenant or caller), q requests per w seconds.";
    public static final String RATE_LIMIT = "What is left of that limit: r requests now, full again in t seconds.";

    private ResponseHeaders() {
    }
}
