package dev.enclave.app.domain.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Parallel;
import dev.enclave.app.support.SecondInstance;
import dev.enclave.app.support.SkewedClockFactory;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Two instances on one table, their clocks 3 s apart, many writers in both, and a consumer paging the feed from the
 * start while they write, through either instance: what it reads equals, one for one, the writes acknowledged.
 */
@MicronautTest(environments = "local")
class EventFeedOrderingIT extends LocalStackTest {

    private static final int WRITERS_PER_INSTANCE = 4;
    private static final int WRITES_PER_WRITER = 12;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.cursor-key", "a-cursor-key-both-instances-share-0123456789");
    }

    @Test
    void aConsumerPagingWhileTwoSkewedInstancesWrite_seesEveryAcknowledgedWriteOnce() throws Exception {
        String owner = journeys().organisation("ev-order");
        Map<String, String> skewed = new HashMap<>(getProperties());
        skewed.put(SkewedClockFactory.SETTING, "PT3S");
        try (SecondInstance ahead = SecondInstance.start(skewed)) {
            List<Api> instances = List.of(api(), ahead.api());
            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            AtomicBoolean writing = new AtomicBoolean(true);
            List<JsonNode> consumed = Collections.synchronizedList(new ArrayList<>());
            Thread consumer = new Thread(() -> consume(instances, owner, writing, consumed));
            consumer.start();

            Parallel.run(2 * WRITERS_PER_INSTANCE, writer -> {
                Api api = instances.get(writer % 2);
                for (int i = 0; i < WRITES_PER_WRITER; i++) {
                    String id = "s-" + writer + "-" + i;
                    if (api.post("/v1/orgs/ev-order/services", "{\"id\":\"" + id + "\",\"name\":\"S\"}", owner)
                            .status() == 201) {
                        acknowledged.add(id);
                    }
                }
                return null;
            });
            writing.set(false);
            consumer.join();

            List<String> created = consumed.stream().filter(e -> e.get("type").asText().equals("service.created"))
                    .map(e -> e.get("data").get("targets").get(0).get("id").asText()).toList();
            assertThat(acknowledged).hasSize(2 * WRITERS_PER_INSTANCE * WRITES_PER_WRITER);
            assertThat(created).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(acknowledged);
            assertThat(consumed.stream().map(e -> e.get("sequence").asLong()).toList()).containsExactlyElementsOf(
                    IntStream.rangeClosed(1, consumed.size()).mapToObj(Long::valueOf).toList());
            assertThat(IntStream.range(1, consumed.size()).anyMatch(i -> time(consumed.get(i - 1))
                    .compareTo(time(consumed.get(i))) > 0))
                    .as("the instance ahead stamped later times on events placed before others").isTrue();
        }
    }

    /** Pages the feed, alternating instances, until the writers stopped and a page after that came back empty. */
    private static void consume(List<Api> instances, String owner, AtomicBoolean writing, List<JsonNode> consumed) {
        EventFeed feed = EventFeed.of(instances.get(0), "ev-order", owner);
        boolean drained = false;
        int page = 0;
        while (!drained) {
            boolean stillWriting = writing.get();
            JsonNode read = feed.page(5, instances.get(page++ % 2));
            read.get("items").forEach(consumed::add);
            drained = !stillWriting && read.get("items").isEmpty();
        }
    }

    private static java.time.Instant time(JsonNode event) {
        return java.time.Instant.parse(event.get("time").asText());
    }
}
