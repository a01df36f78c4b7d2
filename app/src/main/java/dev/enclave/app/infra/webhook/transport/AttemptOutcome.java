package dev.enclave.app.infra.webhook.transport;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/** What became of one webhook attempt. */
public sealed interface AttemptOutcome permits AttemptOutcome.Answered, AttemptOutcome.NotSent, AttemptOutcome.Failed {

    /**
     * The endpoint answered with {@code status} (a redirect included: it is never followed) after {@code latency};
     * {@code excerpt} is the start of its body, and {@code retryAfter} how long it asked to be left alone.
     */
    record Answered(int status, Duration latency, String excerpt, Optional<Duration> retryAfter)
            implements AttemptOutcome {
        public Answered {
            if (!isStatus(status)) {
                throw new IllegalArgumentException("an HTTP status has three digits, not " + status);
            }
            Objects.requireNonNull(latency, "latency");
            Objects.requireNonNull(excerpt, "excerpt");
            Objects.requireNonNull(retryAfter, "retryAfter");
        }

        static boolean isStatus(int code) {
            return code >= 100 && code <= 999;
        }
    }

    /** The URL or an address of its host was refused: nothing left this process. */
    record NotSent(String reason) implements AttemptOutcome {
        public NotSent {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The attempt ended without an answer after {@code latency}: a timeout, a refused connection, a TLS fault. */
    record Failed(Duration latency, String fault) implements AttemptOutcome {
        public Failed {
            Objects.requireNonNull(latency, "latency");
            Objects.requireNonNull(fault, "fault");
        }
    }
}
