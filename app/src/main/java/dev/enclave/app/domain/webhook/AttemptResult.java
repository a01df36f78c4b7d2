package dev.enclave.app.domain.webhook;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What one attempt came to: an answer (its status, how long it took, the start of its body, the wait it asked
 * for), or no answer (a fault, or a rule that kept the request from leaving).
 */
public record AttemptResult(Optional<Integer> status, Duration latency, String excerpt,
                            Optional<Duration> retryAfter, Optional<String> fault) {

    /** The statuses whose {@code Retry-After} is honoured. */
    static final Set<Integer> RETRY_AFTER_STATUSES = Set.of(429, 502, 503, 504);

    public AttemptResult {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(excerpt, "excerpt");
        Objects.requireNonNull(retryAfter, "retryAfter");
        Objects.requireNonNull(fault, "fault");
    }

    public static AttemptResult answered(int status, Duration latency, String excerpt,
                                         Optional<Duration> retryAfter) {
        return new AttemptResult(Optional.of(status), latency, excerpt, retryAfter, Optional.empty());
    }

    public static AttemptResult unanswered(Duration latency, String fault) {
        return new AttemptResult(Optional.empty(), latency, "", Optional.empty(), Optional.of(fault));
    }

    public boolean succeeded() {
        return status.filter(code -> code >= 200 && code < 300).isPresent();
    }

    public boolean gone() {
        return status.filter(code -> code == 410).isPresent();
    }

    /** The wait the receiver asked for, when its status is one that may ask. */
    public Optional<Duration> askedWait() {
        return status.filter(RETRY_AFTER_STATUSES::contains).flatMap(code -> retryAfter);
    }
}
