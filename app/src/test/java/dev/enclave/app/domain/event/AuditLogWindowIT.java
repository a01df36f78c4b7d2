package dev.enclave.app.domain.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.MovableClockFactory;
import dev.enclave.sandbox.MutableClock;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * A time window of the audit log is read between its places, not from the newest event down to it: the clock is
 * moved between three batches of changes, and a window on the middle one answers that batch exactly, listed and
 * exported, while the log around it is read only to find where the window starts and ends.
 */
@MicronautTest(environments = "local")
class AuditLogWindowIT extends LocalStackTest {

    private static final String ORG = "audit-window";
    private static final Duration APART = Duration.ofMinutes(10);

    @Inject
    MutableClock clock;

    @Override
    protected Map<String, String> settings() {
        return Map.of(MovableClockFactory.SETTING, "true");
    }

    @Test
    void aWindowInTheMiddleOfTheLog_answersItsEventsExactly_listedAndExported() {
        String owner = journeys().organisation(ORG);
        journeys().join(ORG, owner, "bob");
        clock.advance(APART);
        Instant middle = clock.instant();
        services(journeys().member("owner-" + ORG), "crm", "erp", "hr");
        clock.advance(APART);
        services(journeys().member("owner-" + ORG), "ops", "bi");
        String token = journeys().member("owner-" + ORG);

        String window = "from=" + middle + "&to=" + middle.plus(Duration.ofMinutes(1));
        assertThat(ids(list("action=service.created&" + window, token))).containsExactly("hr", "erp", "crm");
        List<JsonNode> everything = list("limit=100", token);
        List<String> expected = everything.stream().filter(event -> within(event, middle, APART.dividedBy(10)))
                .map(event -> event.get("id").asText()).toList();
        assertThat(expected).hasSize(3);
        Api.Reply exported = get("/v1/orgs/" + ORG + "/audit-log/export?" + window, token);
        assertThat(exported.status()).isEqualTo(200);
        assertThat(exported.body().lines().map(line -> EventFeed.exportedLine(line).getId()).toList())
                .isEqualTo(expected);

        String empty = "from=" + middle.plus(Duration.ofMinutes(2)) + "&to=" + middle.plus(Duration.ofMinutes(3));
        assertThat(list(empty, token)).isEmpty();
        assertThat(get("/v1/orgs/" + ORG + "/audit-log/export?" + empty, token).status()).isEqualTo(204);
        assertThat(list("from=" + middle, token)).as("from the middle on: the middle and the last batch")
                .hasSize(5);
        assertThat(list("to=" + middle, token)).as("before the middle: the organisation's first events")
                .hasSize(everything.size() - 5);
        assertThat(list("to=2020-01-01T00:00:00Z", token)).as("a window before the first event").isEmpty();
    }

    private void services(String token, String... ids) {
        for (String id : ids) {
            assertThat(api().post("/v1/orgs/" + ORG + "/services", "{\"id\":\"" + id + "\",\"name\":\"" + id + "\"}",
                    token).status()).isEqualTo(201);
        }
    }

    private static boolean within(JsonNode event, Instant from, Duration length) {
        Instant time = Instant.parse(event.get("time").asText());
        return !time.isBefore(from) && time.isBefore(from.plus(length));
    }

    private static List<String> ids(List<JsonNode> events) {
        return events.stream().map(event -> event.get("data").get("targets").get(0).get("id").asText()).toList();
    }

    private List<JsonNode> list(String query, String token) {
        Api.Reply reply = get("/v1/orgs/" + ORG + "/audit-log?" + query, token);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertThat(reply.json().get("nextCursor").isNull()).isTrue();
        return StreamSupport.stream(reply.json().get("items").spliterator(), false).toList();
    }

    private Api.Reply get(String path, String token) {
        return api().send(api().request(path, token).GET());
    }
}
