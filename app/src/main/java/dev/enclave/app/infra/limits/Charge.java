package dev.enclave.app.infra.limits;

import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.outcome.Refusal;
import java.time.Duration;

/**
 * What taking one request from a budget came to.
 *
 * @param policy     the budget's policy name in the RateLimit fields: {@code tenant} or {@code caller}
 * @param limit      the limits of that budget
 * @param remaining  requests left right now
 * @param retryAfter how long until the next request would be allowed; zero when this one was
 * @param reason     why it was refused; {@code null} when it was allowed
 */
public record Charge(String policy, Limit limit, long remaining, Duration retryAfter, Refusal reason) {

    /** Why a request is refused. */
    public enum Refusal {
        /** More requests per second than the budget's rate and burst. */
        RATE,
        /** More requests in progress at once than the budget allows. */
        CONCURRENCY
    }

    public boolean allowed() {
        return reason == null;
    }
}
