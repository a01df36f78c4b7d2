package dev.enclave.app.domain.outcome;

/**
 * A business refusal: why a use case said no, as a value the edge maps to a problem response in one place.
 *
 * @param reason the stable reason, one problem type each
 * @param detail what exactly was refused, safe to show the caller
 */
public record Refusal(Reason reason, String detail) {
}
