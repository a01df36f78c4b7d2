package dev.enclave.app.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.ScriptedWebhookReceiver;
import dev.enclave.app.support.ScriptedWebhookReceiver.Reply;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * One organisation's slow receiver never holds every delivery thread of an instance: with two threads, an
 * organisation that queued ten attempts its receiver takes 1.5 s each to answer holds one of them, and another
 * organisation's event goes out on the other at once instead of after the ten.
 */
@MicronautTest(environments = "local")
class WebhookFairnessIT extends LocalStackTest {

    private static final int SLOW_MILLIS = 1500;
    private static final int TESTS = 10;

    private final ScriptedWebhookReceiver receiver = new ScriptedWebhookReceiver();

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.webhooks.concurrency", "2", "enclave.webhooks.transport.timeout", "5s",
                "enclave.webhooks.poll-interval", "200ms");
    }

    @AfterAll
    void stopReceiver() {
        receiver.close();
    }

    @Test
    void anOrganisationWithASlowReceiver_holdsAtMostItsShareOfTheThreads_whileAnothersEventGoesOut() {
        receiver.answer("/slow", n -> Reply.status(200).after(SLOW_MILLIS));
        receiver.answer("/fast", n -> Reply.status(200));
        String slowOwner = journeys().organisation("fair-slow");
        String fastOwner = journeys().organisation("fair-fast");
        String slow = endpoint("fair-slow", slowOwner, "/slow");
        endpoint("fair-fast", fastOwner, "/fast");
        for (int i = 0; i < TESTS; i++) {
            assertThat(api().post("/v1/orgs/fair-slow/webhooks/" + slow + "/test", "", slowOwner).status())
                    .isEqualTo(202);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> !receiver.received().isEmpty());

        assertThat(api().post("/v1/orgs/fair-fast/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", fastOwner)
                .status()).isEqualTo(201);

        await().atMost(Duration.ofMillis(TESTS * SLOW_MILLIS / 4)).until(() -> receiver.received().stream()
                .anyMatch(request -> request.path().equals("/fast") && request.body().contains("service.created")));
        assertThat(receiver.received().stream().filter(request -> request.path().equals("/slow")).count())
                .as("the slow organisation's tests still queued meanwhile").isLessThan(TESTS);
        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.received().stream()
                .filter(request -> request.path().equals("/slow")).count() >= TESTS);
    }

    private String endpoint(String org, String owner, String path) {
        Api.Reply created = api().post("/v1/orgs/" + org + "/webhooks", "{\"url\":\"" + receiver.url(path)
                + "\",\"description\":\"fairness\",\"types\":[]}", owner);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("endpoint").get("id").asText();
    }
}
