package dev.enclave.app.edge.contract;

import dev.enclave.openapi.EveryAnswer;

/**
 * What the response headers of the API contract mean. X-Request-Id, on every answer, is not named in the operations:
 * its text is {@code dev.enclave.openapi.EveryAnswer.REQUEST_ID}, added to each answer when app compiles.
 */
public final class ResponseHeaders {

    public static final String ETAG = EveryAnswer.ETAG;
    public static final String LOCATION = EveryAnswer.LOCATION;
    public static final String IDEMPOTENT_REPLAYED = EveryAnswer.IDEMPOTENT_REPLAYED;
    public static final String RETRY_AFTER = "Seconds to wait before trying again.";
    public static final String RATE_LIMIT_POLICY = "The limit this request counted against (IETF RateLimit fields): "
            + "its name (tenant or caller), q requests per w seconds.";
    public static final String RATE_LIMIT = "What is left of that limit: r requests now, full again in t seconds.";

    private ResponseHeaders() {
    }
}
