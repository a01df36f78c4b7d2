package dev.enclave.app.infra.mail;

/** Hands mail to the mail server. Blocking: call it off the event loop. */
public interface MailSender {

    /**
     * Sends {@code message}; once this returns, the server has taken it.
     *
     * @throws MailNotSentException when it did not, saying whether trying again may help
     */
    void send(MailMessage message);
}
