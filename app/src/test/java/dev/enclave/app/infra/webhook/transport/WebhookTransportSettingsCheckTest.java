package dev.enclave.app.infra.webhook.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.value.MapPropertyResolver;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WebhookTransportSettingsCheckTest {

    private static final String PREFIX = "enclave.webhooks.transport.";

    private final WebhookTransportSettingsCheck check = new WebhookTransportSettingsCheck();

    @Test
    void noSettings_andReadableOnes_areFine() {
        assertThat(check.problems(new MapPropertyResolver(Map.of()))).isEmpty();
        assertThat(check.problems(new MapPropertyResolver(Map.of(PREFIX + "require-https", "false",
                PREFIX + "allow-loopback", "true", PREFIX + "timeout", "2s", PREFIX + "excerpt-bytes", "512",
                PREFIX + "max-read-bytes", "4096")))).isEmpty();
    }

    @Test
    void unreadableOrOutOfRangeSettings_areEachNamed() {
        assertThat(check.problems(new MapPropertyResolver(Map.of(
                PREFIX + "require-https", "yes",
                PREFIX + "allow-loopback", "maybe",
                PREFIX + "timeout", "1h",
                PREFIX + "max-read-bytes", "0"))))
                .hasSize(4)
                .anySatisfy(p -> assertThat(p).startsWith(PREFIX + "require-https "
                        + "(ENCLAVE_WEBHOOKS_TRANSPORT_REQUIRE_HTTPS) must be true or false"))
                .anySatisfy(p -> assertThat(p).startsWith(PREFIX + "allow-loopback"))
                .anySatisfy(p -> assertThat(p).startsWith(PREFIX + "timeout").contains("between"))
                .anySatisfy(p -> assertThat(p).startsWith(PREFIX + "max-read-bytes").contains("between"));
    }

    @Test
    void anExcerptLargerThanWhatIsRead_isRefused() {
        assertThat(check.problems(new MapPropertyResolver(Map.of(PREFIX + "excerpt-bytes", "2048",
                PREFIX + "max-read-bytes", "1024"))))
                .containsExactly(PREFIX + "excerpt-bytes (ENCLAVE_WEBHOOKS_TRANSPORT_EXCERPT_BYTES) must be at most "
                        + PREFIX + "max-read-bytes (1024), not 2048");
        assertThat(check.problems(new MapPropertyResolver(Map.of(PREFIX + "excerpt-bytes", "70000"))))
                .singleElement().asString().contains("(65536), not 70000");
    }
}
