package dev.enclave.app.infra.mail;

/**
 * The mail server did not take a message. Permanent when sending the same message again cannot help (the server
 * refused it or its recipient for good, a 5xx answer, or the address is unusable); transient otherwise (no
 * connection, a timeout, a 4xx answer, credentials refused), when a later attempt may succeed.
 */
public final class MailNotSentException extends RuntimeException {

    private final boolean permanent;

    public MailNotSentException(String message, boolean permanent, Throwable cause) {
        super(message, cause);
        this.permanent = permanent;
    }

    public boolean isPermanent() {
        return permanent;
    }
}
