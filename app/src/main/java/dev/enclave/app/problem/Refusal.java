package dev.enclave.app.problem;

/** A rejection with its type and detail, for workflows whose outcomes carry nothing more. */
public record Refusal(ProblemType type, String detail) implements Rejection {
}
