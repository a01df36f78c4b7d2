package dev.enclave.app.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What one attempt means for its delivery and its endpoint, and when a failed one is tried again. */
class DeliveryVerdictTest {

    private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");
    private static final Duration WINDOW = Duration.ofDays(5);

    @Test
    void aSuccess_delivers_andEndsTheEndpointsFailures() {
        assertThat(verdict(ok(), 3, Optional.of(NOW.minusSeconds(60)))).isEqualTo(new DeliveryVerdict(
                Delivery.Status.SUCCEEDED, Optional.empty(), DeliveryVerdict.EndpointChange.RECOVERED));
        assertThat(verdict(ok(), 1, Optional.empty()).endpoint()).isEqualTo(DeliveryVerdict.EndpointChange.NONE);
    }

    @Test
    void gone_failsTheDelivery_andDisablesTheEndpoint() {
        DeliveryVerdict verdict = verdict(status(410, Optional.empty()), 1, Optional.empty());
        assertThat(verdict.status()).isEqualTo(Delivery.Status.FAILED);
        assertThat(verdict.endpoint()).isEqualTo(DeliveryVerdict.EndpointChange.DISABLE_GONE);
    }

    @Test
    void aFailure_isTriedAgainOnTheSchedule_andStartsARunOfFailures() {
        DeliveryVerdict first = verdict(status(500, Optional.empty()), 1, Optional.empty());
        assertThat(first.status()).isEqualTo(Delivery.Status.PENDING);
        assertThat(first.next()).contains(NOW.plusSeconds(5));
        assertThat(first.endpoint()).isEqualTo(DeliveryVerdict.EndpointChange.FAILING);
        DeliveryVerdict fourth = verdict(AttemptResult.unanswered(Duration.ofSeconds(15), "timed out"), 4,
                Optional.of(NOW.minusSeconds(3600)));
        assertThat(fourth.next()).contains(NOW.plus(Duration.ofHours(2)));
        assertThat(fourth.endpoint()).isEqualTo(DeliveryVerdict.EndpointChange.NONE);
    }

    @Test
    void theEighthFailure_failsTheDelivery() {
        DeliveryVerdict last = verdict(status(500, Optional.empty()), RetrySchedule.attempts(),
                Optional.of(NOW.minusSeconds(60)));
        assertThat(last.status()).isEqualTo(Delivery.Status.FAILED);
        assertThat(last.next()).isEmpty();
    }

    @Test
    void aFailureAfterTheWholeWindow_disablesTheEndpoint() {
        assertThat(verdict(status(500, Optional.empty()), 2, Optional.of(NOW.minus(WINDOW))).endpoint())
                .isEqualTo(DeliveryVerdict.EndpointChange.DISABLE_FAILING);
        assertThat(verdict(status(500, Optional.empty()), 2, Optional.of(NOW.minus(WINDOW).plusSeconds(1)))
                .endpoint()).isEqualTo(DeliveryVerdict.EndpointChange.NONE);
    }

    @Test
    void retryAfter_isHonouredWhenLonger_andOnlyForTheStatusesThatMayAskForIt() {
        Optional<Duration> twoMinutes = Optional.of(Duration.ofMinutes(2));
        assertThat(verdict(status(429, twoMinutes), 1, Optional.empty()).next()).contains(NOW.plusSeconds(120));
        assertThat(verdict(status(503, twoMinutes), 1, Optional.empty()).next()).contains(NOW.plusSeconds(120));
        assertThat(verdict(status(500, twoMinutes), 1, Optional.empty()).next()).contains(NOW.plusSeconds(5));
        assertThat(verdict(status(429, Optional.of(Duration.ofSeconds(1))), 3, Optional.empty()).next())
                .contains(NOW.plus(Duration.ofMinutes(30)));
    }

    @Test
    void jitter_staysWithinAFifthOfTheWait() {
        Duration wait = RetrySchedule.WAITS.get(1);
        assertThat(RetrySchedule.next(2, NOW, Optional.empty(), () -> 0.0)).contains(NOW.plus(wait.multipliedBy(4)
                .dividedBy(5)));
        assertThat(RetrySchedule.next(2, NOW, Optional.empty(), () -> 0.999_999).orElseThrow())
                .isBefore(NOW.plus(wait.multipliedBy(6).dividedBy(5)).plusMillis(1))
                .isAfter(NOW.plus(wait));
    }

    private static DeliveryVerdict verdict(AttemptResult result, int attempt, Optional<Instant> failingSince) {
        return DeliveryVerdict.of(result, attempt, failingSince, NOW, WINDOW, () -> 0.5);
    }

    private static AttemptResult ok() {
        return status(204, Optional.empty());
    }

    private static AttemptResult status(int status, Optional<Duration> retryAfter) {
        return AttemptResult.answered(status, Duration.ofMillis(12), "", retryAfter);
    }
}
