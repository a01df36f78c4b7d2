package dev.enclave.tenancy.credentials;

/**
 * No valid credentials could be had for a scope (STS unreachable or throttling beyond retries). The caller
 * should answer 503 with a Retry-After; nothing was sent to DynamoDB.
 */
public final class CredentialsUnavailableException extends RuntimeException {

    public CredentialsUnavailableException(String scope, Throwable cause) {
        super("no credentials available for scope " + scope, cause);
    }
}
