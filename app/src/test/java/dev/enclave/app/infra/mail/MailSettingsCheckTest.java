package dev.enclave.app.infra.mail;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.value.MapPropertyResolver;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MailSettingsCheckTest {

    private final MailSettingsCheck check = new MailSettingsCheck();

    @Test
    void withoutAHost_mailIsOff_andNothingElseIsRead() {
        assertThat(problems(Map.of("enclave.mail.port", "none", "enclave.mail.security", "ssl"))).isEmpty();
    }

    @Test
    void sesOverStarttlsOrTls_isFine() {
        Map<String, Object> ses = Map.of("enclave.mail.host", "email-smtp.eu-west-1.amazonaws.com",
                "enclave.mail.username", "AKIAEXAMPLE", "enclave.mail.password", "secret",
                "enclave.mail.from", "Enclave <no-reply@example.com>");

        assertThat(problems(ses)).isEmpty();
        assertThat(problems(with(ses, Map.of("enclave.mail.port", "465", "enclave.mail.security", "tls",
                "enclave.mail.timeout", "30s")))).isEmpty();
        assertThat(problems(Map.of("enclave.mail.host", "127.0.0.1", "enclave.mail.port", "2525",
                "enclave.mail.security", "NONE", "enclave.mail.from", "no-reply@example.com"))).isEmpty();
    }

    @Test
    void unreadableSettings_areEachNamed() {
        assertThat(problems(Map.of("enclave.mail.host", "smtp example.com", "enclave.mail.port", "0",
                "enclave.mail.security", "ssl", "enclave.mail.from", "Enclave", "enclave.mail.timeout", "0s")))
                .hasSize(5)
                .anySatisfy(p -> assertThat(p).startsWith("enclave.mail.host (ENCLAVE_MAIL_HOST) must be a host"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.mail.port").contains("between 1 and 65535"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.mail.security").contains("none, starttls or tls"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.mail.from (ENCLAVE_MAIL_FROM)"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.mail.timeout").contains("between"));
        assertThat(problems(Map.of("enclave.mail.host", "smtp.example.com", "enclave.mail.from", "a@example.com",
                "enclave.mail.security", "StartTls"))).singleElement().asString()
                .startsWith("enclave.mail.security");
    }

    @Test
    void aHostWithoutASender_isRefused() {
        assertThat(problems(Map.of("enclave.mail.host", "smtp.example.com"))).singleElement().asString()
                .startsWith("enclave.mail.from (ENCLAVE_MAIL_FROM) is required when enclave.mail.host is set");
    }

    @Test
    void halfTheCredentials_orCredentialsInPlainText_areRefused() {
        Map<String, Object> mail = Map.of("enclave.mail.host", "smtp.example.com",
                "enclave.mail.from", "no-reply@example.com");

        assertThat(problems(with(mail, Map.of("enclave.mail.username", "user")))).singleElement().asString()
                .startsWith("enclave.mail.password (ENCLAVE_MAIL_PASSWORD) must be given with enclave.mail.username");
        assertThat(problems(with(mail, Map.of("enclave.mail.password", "secret")))).singleElement().asString()
                .startsWith("enclave.mail.username");
        assertThat(problems(with(mail, Map.of("enclave.mail.username", "user", "enclave.mail.password", "secret",
                "enclave.mail.security", "none")))).singleElement().asString()
                .startsWith("enclave.mail.security").contains("plain text");
    }

    private List<String> problems(Map<String, Object> settings) {
        return check.problems(new MapPropertyResolver(settings));
    }

    private static Map<String, Object> with(Map<String, Object> base, Map<String, Object> more) {
        Map<String, Object> all = new HashMap<>(base);
        all.putAll(more);
        return all;
    }
}
