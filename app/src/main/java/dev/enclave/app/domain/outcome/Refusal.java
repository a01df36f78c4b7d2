package dev.enclave.app.domain.outcome;

/** A rejection with its reason and detail, for workflows whose outcomes carry nothing more. */
public record Refusal(Reason reason, String detail) implements Rejection {
}
