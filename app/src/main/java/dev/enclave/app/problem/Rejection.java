package dev.enclave.app.problem;

/** A business rejection: a value a workflow returns, which {@link Rejections} turns into a problem response. */
public interface Rejection {

    ProblemType type();

    /** What exactly was refused, safe to show the caller. */
    String detail();
}
