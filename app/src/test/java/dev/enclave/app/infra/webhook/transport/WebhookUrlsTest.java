package dev.enclave.app.infra.webhook.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookUrlsTest {

    private static final String NOT_A_NAME = "The URL's host is not a DNS name or a dotted-quad address.";

    private final WebhookUrls production = new WebhookUrls(true, new PublicAddresses(false));
    private final WebhookUrls local = new WebhookUrls(false, new PublicAddresses(true));

    @ParameterizedTest
    @ValueSource(strings = {"https://hooks.example.com/enclave", "https://hooks.example.com",
        "https://hooks.example.com:8443/a/b?c=d&e=f", "HTTPS://Hooks.Example.COM/Path",
        "https://xn--bcher-kva.example/webhook", "https://a-b.c-d.example/", "https://1.example.com/",
        "https://93.184.215.14/hook", "https://[2606:4700:4700::1111]/hook"})
    void anHttpsUrlOfAPublicHost_isAccepted(String url) {
        assertThat(production.problem(url)).isEmpty();
    }

    @Test
    void http_isRefused_unlessHttpsIsNotRequired() {
        assertThat(production.problem("http://hooks.example.com/enclave")).contains("The URL must use https.");
        assertThat(local.problem("http://hooks.example.com/enclave")).isEmpty();
        assertThat(local.problem("ftp://hooks.example.com/enclave")).contains("The URL must use https or http.");
        assertThat(production.problem("file:///etc/passwd")).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://user:secret@hooks.example.com/", "https://user@hooks.example.com/",
        "https://user@0x7f.1/", "https://:@hooks.example.com/"})
    void aUserNameOrPassword_isRefused(String url) {
        assertThat(production.problem(url)).contains("The URL must not carry a user name or password.");
    }

    @Test
    void aFragment_isRefused() {
        assertThat(production.problem("https://hooks.example.com/enclave#part"))
                .contains("The URL must not have a fragment (#...).");
        assertThat(production.problem("https://hooks.example.com/enclave#")).isPresent();
    }

    @Test
    void relativeOpaqueOrUnreadableUrls_areRefused() {
        assertThat(production.problem("/webhooks")).hasValueSatisfying(p -> assertThat(p).contains("absolute"));
        assertThat(production.problem("hooks.example.com/webhooks")).isPresent();
        assertThat(production.problem("https:hooks.example.com")).isPresent();
        assertThat(production.problem("https:///path")).isPresent();
        assertThat(production.problem("https://hooks.example.com/a%20b")).isEmpty();
        assertThat(production.problem("https://hooks.example.com/a{b")).hasValueSatisfying(p -> assertThat(p)
                .startsWith("The URL cannot be read"));
        assertThat(production.problem("")).isPresent();
    }

    @Test
    void aUrlOfAnythingButPrintableAscii_isRefused_asItWouldShowOtherwiseThanItIs() {
        for (String url : List.of("https://hooks.example.com/a b", "https://hooks.example.com/\u202Egnp.exe",
                "https://hooks.example.com/caf\u00e9", "https://b\u00fccher.example/hooks",
                "https://hooks.example.com/\u0000", "https://hooks.example.com/a\tb")) {
            assertThat(production.problem(url)).as(url).hasValueSatisfying(p -> assertThat(p)
                    .startsWith("The URL must be printable ASCII"));
        }
        assertThat(production.problem("https://xn--bcher-kva.example/caf%C3%A9")).isEmpty();
    }

    @Test
    void aUrlLongerThan2048Characters_isRefused() {
        String prefix = "https://hooks.example.com/";
        String longest = prefix + "a".repeat(WebhookUrls.MOST_CHARACTERS - prefix.length());

        assertThat(production.problem(longest)).isEmpty();
        assertThat(production.problem(longest + "a")).contains("The URL is longer than 2048 characters.");
    }

    @Test
    void thePort_isFrom1To65535() {
        assertThat(production.problem("https://hooks.example.com:1/")).isEmpty();
        assertThat(production.problem("https://hooks.example.com:65535/")).isEmpty();
        assertThat(production.problem("https://hooks.example.com:0/"))
                .contains("The URL's port must be from 1 to 65535.");
        assertThat(production.problem("https://hooks.example.com:65536/")).isPresent();
        assertThat(production.problem("https://hooks.example.com:99999999999/")).isPresent();
        assertThat(production.problem("https://hooks.example.com:-1/")).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://2130706433/", "https://0177.0.0.1/", "https://0x7f.0.0.1/", "https://0x7f000001/",
        "https://127.1/", "https://127.0.1/", "https://0x7f.1/", "https://0177.1/", "https://017700000001/",
        "https://127.0.0.01/", "https://0xa9.0xfe.0xa9.0xfe/", "https://2852039166/", "https://169.254.43518/",
        "https://0/", "https://1.2.3.4.5/", "https://127.0.0.1./", "https://0x/", "https://10.0.0.0x5/"})
    void numericSpellingsOtherThanADottedQuad_areRefusedOutright(String url) {
        assertThat(local.problem(url)).contains(NOT_A_NAME);
        assertThat(production.problem(url)).contains(NOT_A_NAME);
    }

    @Test
    void theMetadataAddress_isRefused() {
        assertThat(production.problem("https://169.254.169.254/latest/meta-data/"))
                .contains("The URL's host 169.254.169.254 is a link-local address (where cloud metadata services"
                        + " answer); webhooks go to public addresses only.");
        assertThat(local.problem("http://169.254.169.254/latest/meta-data/")).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://10.0.0.5/", "https://192.168.0.1/", "https://172.16.0.1/", "https://0.0.0.0/",
        "https://100.64.0.1/", "https://[fd00::1]/", "https://[fe80::1]/", "https://[::]/",
        "https://[::ffff:10.0.0.5]/", "https://[::ffff:a9fe:a9fe]/", "https://[64:ff9b::a9fe:a9fe]/",
        "https://[2002:a9fe:a9fe::1]/"})
    void addressesThatAreNotPublic_areRefused(String url) {
        assertThat(production.problem(url)).hasValueSatisfying(p -> assertThat(p).startsWith("The URL's host ")
                .endsWith("; webhooks go to public addresses only."));
        assertThat(local.problem(url)).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://127.0.0.1/", "https://[::1]/", "https://[::ffff:127.0.0.1]/",
        "https://[::ffff:7f00:1]/", "https://[0:0:0:0:0:ffff:7f00:1]/", "https://[0:0:0:0:0:FFFF:7F00:1]/",
        "https://127.0.0.1:8080/hook"})
    void loopbackLiterals_inEverySpelling_areRefused_unlessLoopbackIsAllowed(String url) {
        assertThat(production.problem(url)).hasValueSatisfying(p -> assertThat(p).contains("a loopback address"));
        assertThat(local.problem(url)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://[::1/", "https://[fe80::1%25eth0]/", "https://[v1.abc]/", "https://[1::2::3]/",
        "https://[12345::]/"})
    void malformedIpv6Literals_areRefused(String url) {
        assertThat(production.problem(url)).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://under_score.example/", "https://exämple.com/", "https://hooks..example.com/",
        "https://hooks.example.com./", "https://-hooks.example.com/", "https://hooks-.example.com/",
        "https://%68ooks.example.com/", "https://hooks.example.com\\@evil.example/", "https://hooks example.com/"})
    void hostsThatAreNotPlainDnsNames_areRefused(String url) {
        assertThat(production.problem(url)).isPresent();
    }

    @Test
    void labelsAndNames_haveDnsLengthLimits() {
        String label63 = "a".repeat(63);
        String name253 = String.join(".", label63, label63, label63, "a".repeat(61));

        assertThat(production.problem("https://" + label63 + ".example/")).isEmpty();
        assertThat(production.problem("https://" + label63 + "a.example/")).hasValueSatisfying(p ->
                assertThat(p).contains("labels of 1 to 63 characters"));
        assertThat(name253).hasSize(253);
        assertThat(production.problem("https://" + name253 + "/")).isEmpty();
        assertThat(production.problem("https://a" + name253 + "/")).isPresent();
    }

    @Test
    void theSettings_chooseTheRules() {
        WebhookUrls fromSettings = WebhookUrls.of(new TestSettings(false, true));

        assertThat(fromSettings.problem("http://127.0.0.1:9000/hook")).isEmpty();
        assertThat(WebhookUrls.of(new TestSettings(true, false)).problem("http://127.0.0.1:9000/hook"))
                .isEqualTo(Optional.of("The URL must use https."));
    }
}
