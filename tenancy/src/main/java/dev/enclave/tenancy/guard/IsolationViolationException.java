package dev.enclave.tenancy.guard;

import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * Thrown before a DynamoDB request leaves the process when it would reach outside its tenant scope. A fault in
 * Enclave's code, never a client error: the request was not sent.
 */
public final class IsolationViolationException extends SdkClientException {

    private final transient GuardViolation violation;

    public IsolationViolationException(GuardViolation violation) {
        super(SdkClientException.builder().message("tenant isolation guard refused " + violation.operation()
                + " (" + violation.reason() + "): " + violation.detail()));
        this.violation = violation;
    }

    public GuardViolation violation() {
        return violation;
    }
}
