package dev.enclave.app.infra.mail;

import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The mail settings, once {@code enclave.mail.host} turns mail on: a host name, a port, a sender address, a security
 * choice, a timeout, and credentials given together and never over an unencrypted connection.
 */
@Singleton
final class MailSettingsCheck implements SettingsCheck {

    private static final String PREFIX = "enclave.mail.";
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\\.[A-Za-z0-9-]{1,63})*"
            + "|\\[[0-9A-Fa-f:.]+]");
    private static final String FROM = PREFIX + "from";
    private static final String SECURITY = PREFIX + "security";
    private static final String USERNAME = PREFIX + "username";
    private static final String PASSWORD = PREFIX + "password";

    @Override
    public List<String> problems(PropertyResolver settings) {
        SettingsProblems problems = new SettingsProblems(settings);
        if (problems.value(MailSettings.HOST).isEmpty()) {
            return List.of();
        }
        problems.matches(MailSettings.HOST, HOST, "a host name or an IP address (email-smtp.eu-west-1.amazonaws.com)")
                .integer(PREFIX + "port", 1, 65535)
                .readable(FROM, SmtpMailSender::sender)
                .readable(SECURITY, MailSettingsCheck::security)
                .duration(PREFIX + "timeout", Duration.ofSeconds(1), Duration.ofMinutes(5));
        if (problems.value(FROM).isEmpty()) {
            problems.add(FROM, "is required when " + MailSettings.HOST + " is set: the address mail is sent from");
        }
        boolean user = problems.value(USERNAME).isPresent();
        boolean password = problems.value(PASSWORD).isPresent();
        if (user != password) {
            problems.add(user ? PASSWORD : USERNAME, "must be given with " + (user ? USERNAME : PASSWORD));
        }
        if (user && problems.value(SECURITY).filter(v -> v.equalsIgnoreCase("none")).isPresent()) {
            problems.add(SECURITY, "must be starttls or tls when credentials are given: none would send them in "
                    + "plain text");
        }
        return problems.list();
    }

    /** What binds to {@link MailSettings.Security}: its names, in lower or upper case. */
    private static void security(String value) {
        boolean oneCase = value.equals(value.toLowerCase(Locale.ROOT)) || value.equals(value.toUpperCase(Locale.ROOT));
        if (!oneCase || Arrays.stream(MailSettings.Security.values())
                .noneMatch(security -> security.name().equalsIgnoreCase(value))) {
            throw new IllegalArgumentException("must be none, starttls or tls, not '" + value + "'");
        }
    }
}
