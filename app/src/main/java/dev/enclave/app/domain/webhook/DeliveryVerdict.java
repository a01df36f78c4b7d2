package dev.enclave.app.domain.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * What an attempt means for its delivery and its endpoint: 2xx delivers and ends the endpoint's run of failures;
 * 410 fails the delivery and disables the endpoint; anything else is tried again on the {@link RetrySchedule}, and
 * an endpoint whose failures have run for the whole failure window is disabled.
 *
 * @param status       the delivery's status now
 * @param next         when it is tried again, while pending
 * @param endpoint     what happens to the endpoint
 */
public record DeliveryVerdict(Delivery.Status status, Optional<Instant> next, EndpointChange endpoint) {

    /** What an attempt does to its endpoint. */
    public enum EndpointChange {
        /** Nothing (it was not failing, and still is not; or it was failing and still is, within the window). */
        NONE,
        /** Its run of failures ended. */
        RECOVERED,
        /** A run of failures began. */
        FAILING,
        /** Disable it: it answered 410 Gone. */
        DISABLE_GONE,
        /** Disable it: its failures ran for the whole window. */
        DISABLE_FAILING
    }

    public DeliveryVerdict {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(next, "next");
        Objects.requireNonNull(endpoint, "endpoint");
    }

    /**
     * The verdict on an attempt that came to {@code result} at {@code now}: the {@code attempt}-th of the delivery,
     * to an endpoint failing since {@code failingSince}, if it was.
     */
    public static DeliveryVerdict of(AttemptResult result, int attempt, Optional<Instant> failingSince,
                                     Instant now, Duration failureWindow, DoubleSupplier random) {
        if (result.succeeded()) {
            return new DeliveryVerdict(Delivery.Status.SUCCEEDED, Optional.empty(),
                    failingSince.isPresent() ? EndpointChange.RECOVERED : EndpointChange.NONE);
        }
        if (result.gone()) {
            return new DeliveryVerdict(Delivery.Status.FAILED, Optional.empty(), EndpointChange.DISABLE_GONE);
        }
        if (failingSince.filter(since -> !since.plus(failureWindow).isAfter(now)).isPresent()) {
            return new DeliveryVerdict(Delivery.Status.FAILED, Optional.empty(), EndpointChange.DISABLE_FAILING);
        }
        Optional<Instant> next = RetrySchedule.next(attempt, now, result.askedWait(), random);
        return new DeliveryVerdict(next.isPresent() ? Delivery.Status.PENDING : Delivery.Status.FAILED, next,
                failingSince.isPresent() ? EndpointChange.NONE : EndpointChange.FAILING);
    }
}
