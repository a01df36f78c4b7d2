package dev.enclave.app.local;

import dev.enclave.app.infra.mail.FixedMailSettings;
import dev.enclave.app.infra.mail.MailSender;
import dev.enclave.app.infra.mail.MailSettings;
import dev.enclave.app.infra.mail.SmtpMailSender;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Mail in the local run, unless {@code enclave.mail.host} names a server of its own: a local SMTP server on
 * {@code enclave.local.smtp-port} (a free port by default, so the several local runs one test JVM starts each get
 * their own), and the production sender pointed at it, unencrypted on the loopback address.
 */
@Factory
@Requires(env = "local")
@Requires(missingProperty = MailSettings.HOST)
final class LocalMail {

    @Context
    @Bean(preDestroy = "close")
    LocalMailServer server(LocalSettings settings) {
        return LocalMailServer.start(settings.getSmtpPort());
    }

    @Singleton
    MailSender sender(LocalMailServer server, @Property(name = "enclave.mail.from") String from, Clock clock) {
        return new SmtpMailSender(FixedMailSettings.unencrypted(LocalMailServer.HOST, server.port(), from), clock);
    }
}
