package dev.enclave.tenancy.guard;

/** Told about every request the guard refuses (the app counts them as a metric and logs them). */
@FunctionalInterface
public interface ViolationListener {

    void refused(GuardViolation violation);
}
