package dev.enclave.app.infra.mail;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code enclave.mail.*}: the SMTP server Enclave sends its mail through, any server that speaks SMTP (Amazon SES's
 * SMTP interface: {@code email-smtp.<region>.amazonaws.com}, {@code starttls} on 587 or {@code tls} on 465, with
 * the SMTP credentials SES derives from an IAM user). Mail is off unless {@code host} is set; the local run points
 * it at its own server instead.
 */
@ConfigurationProperties("enclave.mail")
@Requires(property = MailSettings.HOST)
public interface MailSettings {

    String HOST = "enclave.mail.host";
    String DEFAULT_PORT = "587";
    String DEFAULT_SECURITY = "starttls";
    String DEFAULT_TIMEOUT = "10s";

    /** How the connection to the server is protected. */
    enum Security {
        /** Plain text: only for a server on the same host or network, such as the local run's. */
        NONE,
        /** Plain text upgraded with STARTTLS before anything is sent; refused when the server cannot. */
        STARTTLS,
        /** TLS from the first byte (SMTPS, port 465). */
        TLS
    }

    String getHost();

    @Bindable(defaultValue = DEFAULT_PORT)
    int getPort();

    /** Who to authenticate as; no authentication when absent. */
    Optional<String> getUsername();

    Optional<String> getPassword();

    /** The sender, an address with an optional display name: {@code Enclave <no-reply@example.com>}. */
    String getFrom();

    @Bindable(defaultValue = DEFAULT_SECURITY)
    Security getSecurity();

    /** How long connecting, and then each read and write, may take. */
    @Bindable(defaultValue = DEFAULT_TIMEOUT)
    Duration getTimeout();
}
