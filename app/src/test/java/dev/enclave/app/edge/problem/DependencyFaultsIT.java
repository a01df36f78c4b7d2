package dev.enclave.app.edge.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.sandbox.gateway.GatewayFaults;
import dev.enclave.sandbox.gateway.GatewayFaults.Kind;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * DynamoDB having a bad minute, injected by the sandbox gateway for one tenant's sessions only: throttling and 5xx
 * within the SDK's retries are invisible; beyond them, and when DynamoDB hangs or drops connections, the request
 * answers 503 {@code service-unavailable} with {@code Retry-After} within the call timeout — never 500 — changes
 * nothing, and the next request after the fault works without a restart.
 */
@MicronautTest(environments = "local")
class DependencyFaultsIT extends LocalStackTest {

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.tenancy.dynamodb-attempt-timeout", "500ms",
                "enclave.tenancy.dynamodb-call-timeout", "6s", "enclave.tenancy.dynamodb-max-attempts", "3");
    }

    @Test
    void throttlingWithinTheRetries_isInvisible() {
        String owner = journeys().organisation("faults-retried");
        faults.inject(GatewayFaults.Rule.forTenant("faults-retried", Kind.THROTTLING, 2));

        assertThat(api().get("/v1/orgs/faults-retried", owner).status()).isEqualTo(200);
    }

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"THROTTLING", "PROVISIONED_THROUGHPUT_EXCEEDED", "INTERNAL_SERVER_ERROR",
        "SERVICE_UNAVAILABLE", "DROPPED_CONNECTION"})
    void faultsBeyondTheRetries_answer503WithRetryAfter_andTheNextRequestWorks(Kind kind) {
        String org = "faults-" + kind.name().toLowerCase().replace('_', '-');
        String owner = journeys().organisation(org);
        faults.inject(GatewayFaults.Rule.forTenant(org, kind, Integer.MAX_VALUE));

        Api.Reply during = api().get("/v1/orgs/" + org, owner);
        faults.clear();
        Api.Reply after = api().get("/v1/orgs/" + org, owner);

        assertThat(during.status()).as(during.body()).isEqualTo(503);
        assertThat(during.json().get("code").asText()).isEqualTo("service-unavailable");
        assertThat(during.header("Retry-After")).isEqualTo(DynamoDbFaultHandler.RETRY_AFTER_SECONDS);
        assertThat(after.status()).isEqualTo(200);
    }

    @Test
    void aRenameWhoseWriteFails_answers503_andChangesNothing() {
        String owner = journeys().organisation("faults-write");
        String etag = api().get("/v1/orgs/faults-write", owner).header("ETag");
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of("faults-write"),
                Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, Integer.MAX_VALUE));

        Api.Reply rename = api().send(api().request("/v1/orgs/faults-write", owner).header("If-Match", etag)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"Renamed\"}")));
        faults.clear();

        assertThat(rename.status()).isEqualTo(503);
        assertThat(api().get("/v1/orgs/faults-write", owner).json().get("name").asText()).isEqualTo("faults-write");
    }

    @Test
    void aWriteWhoseAnswerWasLost_isSentAgainWithItsToken_andAnswersThatItCommitted() {
        String owner = journeys().organisation("faults-lost");
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of("faults-lost"),
                Kind.LATENCY, Duration.ofMillis(900), 3));

        Api.Reply created = api().post("/v1/orgs/faults-lost/services", "{\"id\":\"late\",\"name\":\"Late\"}",
                owner);
        faults.clear();

        assertThat(created.status()).as("each attempt was given up on after 500 ms, and each still committed: "
                + created.body()).isEqualTo(201);
        List<String> types = new ArrayList<>();
        api().get("/v1/orgs/faults-lost/events?limit=100", owner).json().get("items")
                .forEach(event -> types.add(event.get("type").asText()));
        assertThat(types).as("once, however often it was sent").containsOnlyOnce("service.created");
    }

    @Test
    void aKeyedWriteWhoseClaimsAnswersWereAllLost_answers503_andARetryWithItsKeyRunsAtOnce() {
        String owner = journeys().organisation("faults-lost-key");
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of("faults-lost-key"),
                Kind.LATENCY, Duration.ofMillis(900), Integer.MAX_VALUE));

        Api.Reply lost = keyed("/v1/orgs/faults-lost-key/services", "{\"id\":\"late\",\"name\":\"Late\"}", owner);
        faults.clear();
        Api.Reply retried = keyed("/v1/orgs/faults-lost-key/services", "{\"id\":\"late\",\"name\":\"Late\"}",
                owner);

        assertThat(lost.status()).as(lost.body()).isEqualTo(503);
        assertThat(retried.status()).as("the claim that landed unanswered was given up: " + retried.body())
                .isEqualTo(201);
    }

    private Api.Reply keyed(String path, String json, String token) {
        return api().send(api().request(path, token).header("Content-Type", "application/json")
                .header("Idempotency-Key", "k-lost").POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    @Test
    void aHungDynamoDb_isCutByTheTimeouts_notWaitedOut() {
        String owner = journeys().organisation("faults-hung");
        faults.inject(new GatewayFaults.Rule(Optional.empty(), Optional.of("faults-hung"), Kind.LATENCY,
                Duration.ofSeconds(20), Integer.MAX_VALUE));

        long started = System.nanoTime();
        Api.Reply reply = api().get("/v1/orgs/faults-hung", owner);
        Duration waited = Duration.ofNanos(System.nanoTime() - started);

        assertThat(reply.status()).isEqualTo(503);
        assertThat(waited).as("the 6 s call timeout cut the 20 s hang").isLessThan(Duration.ofSeconds(15));
    }
}
