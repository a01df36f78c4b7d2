package dev.enclave.app.domain.outcome;

/** A business rejection: a value a workflow returns, which the problem mapper turns into a problem response. */
public interface Rejection {

    Reason reason();

    /** What exactly was refused, safe to show the caller. */
    String detail();
}
