package dev.enclave.app.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Parallel;
import dev.enclave.app.support.ScriptedWebhookReceiver;
import dev.enclave.app.support.SecondInstance;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two instances on one table deliver one organisation's stream of events to one receiver while writers on both
 * make them: every event arrives, and the duplicates are counted (none is expected without a fault: each delivery is
 * made once by the hand-out's cursor and sent once by its lease).
 */
@MicronautTest(environments = "local")
class WebhookTwoInstancesIT extends LocalStackTest {

    private static final Logger LOG = LoggerFactory.getLogger(WebhookTwoInstancesIT.class);
    private static final int WRITERS = 6;
    private static final int WRITES_PER_WRITER = 10;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.webhooks.poll-interval", "250ms");
    }

    @Test
    void twoInstances_deliverEveryEventOnce() throws Exception {
        String owner = journeys().organisation("hooks-two");
        try (ScriptedWebhookReceiver receiver = new ScriptedWebhookReceiver();
             SecondInstance other = SecondInstance.start(getProperties())) {
            assertThat(api().post("/v1/orgs/hooks-two/webhooks", "{\"url\":\"" + receiver.url("/both")
                    + "\",\"types\":[\"service.created\"]}", owner).status()).isEqualTo(201);
            List<Api> instances = List.of(api(), other.api());
            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            Parallel.run(WRITERS, writer -> {
                Api api = instances.get(writer % 2);
                for (int i = 0; i < WRITES_PER_WRITER; i++) {
                    String id = "s-" + writer + "-" + i;
                    if (api.post("/v1/orgs/hooks-two/services", "{\"id\":\"" + id + "\",\"name\":\"S\"}", owner)
                            .status() == 201) {
                        acknowledged.add(id);
                    }
                }
                return null;
            });
            assertThat(acknowledged).hasSize(WRITERS * WRITES_PER_WRITER);
            await().atMost(Duration.ofSeconds(60)).until(() -> serviceIds(receiver).size() == acknowledged.size());
            await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(5))
                    .until(() -> serviceIds(receiver).size() == acknowledged.size());
            assertThat(serviceIds(receiver)).containsExactlyInAnyOrderElementsOf(acknowledged);
            Map<String, Long> perEvent = receiver.received().stream().collect(Collectors.groupingBy(
                    ScriptedWebhookReceiver.Received::id, Collectors.counting()));
            long duplicates = perEvent.values().stream().mapToLong(count -> count - 1).sum();
            LOG.info("two instances delivered {} events with {} duplicates", perEvent.size(), duplicates);
            assertThat(duplicates).as("duplicates without a fault").isZero();
        }
    }

    private static Set<String> serviceIds(ScriptedWebhookReceiver receiver) {
        Function<String, String> serviceOf = body -> body.replaceAll(".*\"targets\":\\[\\{\"type\":\"service\","
                + "\"id\":\"([^\"]+)\".*", "$1");
        return receiver.received().stream().map(r -> serviceOf.apply(r.body())).collect(Collectors.toSet());
    }
}
