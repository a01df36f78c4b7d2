package dev.enclave.app.edge.filter;

import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.infra.limits.Charge;
import io.micronaut.http.MutableHttpResponse;
import java.time.Duration;

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): {@code RateLimit-Policy: "tenant";q=50;w=1}
 * names the budget and its sustained quota per window; {@code RateLimit: "tenant";r=37;t=2} tells what is left and
 * in how many seconds the budget is full again.
 */
final class RateLimitFields {

    private RateLimitFields() {
    }

    static MutableHttpResponse<?> addTo(MutableHttpResponse<?> response, Charge charge) {
        Limit limit = charge.limit();
        long secondsToFull = (limit.burst() - charge.remaining() + limit.requestsPerSecond() - 1)
                / limit.requestsPerSecond();
        response.getHeaders().set("RateLimit-Policy", "\"" + charge.policy() + "\";q=" + limit.requestsPerSecond()
                + ";w=1");
        response.getHeaders().set("RateLimit", "\"" + charge.policy() + "\";r=" + charge.remaining() + ";t="
                + Math.max(0, secondsToFull));
        return response;
    }

    /** Whole seconds to wait, rounded up, at least one. */
    static long seconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
