package dev.enclave.app.edge.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.sandbox.gateway.GatewayFaults;
import dev.enclave.sandbox.gateway.GatewayFaults.Kind;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Writes losing to another transaction on the same items, injected by the sandbox gateway as DynamoDB answers it
 * (a transaction cancelled with a {@code TransactionConflict} reason): a cancelled transaction changed nothing,
 * so it is sent again; a conflict that outlasts the retries answers 503 {@code service-unavailable} with
 * {@code Retry-After} and changes nothing: the request was fine, the organisation was busy.
 */
@MicronautTest(environments = "local")
class ExhaustedConflictsIT extends LocalStackTest {

    @Test
    void aConflictWithinTheRetries_isInvisible() {
        String founder = journeys().member("conflict-founder");
        int metBefore = faults.met();
        faults.inject(transactionConflicts("conflict-retried", 2));

        Api.Reply created = api().post("/v1/orgs", "{\"id\":\"conflict-retried\",\"name\":\"R\"}", founder);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(faults.met() - metBefore).as("both conflicts met, then retried").isEqualTo(2);
    }

    @Test
    void aConflictBeyondTheRetries_answers503WithRetryAfter_andChangesNothing() {
        String founder = journeys().member("conflict-lasting");
        String body = "{\"id\":\"conflict-lasting\",\"name\":\"L\"}";
        faults.inject(transactionConflicts("conflict-lasting", Integer.MAX_VALUE));

        Api.Reply refused = api().post("/v1/orgs", body, founder);
        faults.clear();
        Api.Reply afterwards = api().post("/v1/orgs", body, founder);

        assertThat(refused.status()).as(refused.body()).isEqualTo(503);
        assertThat(refused.contentType()).isEqualTo("application/problem+json");
        assertThat(refused.json().get("code").asText()).isEqualTo("service-unavailable");
        assertThat(refused.header("Retry-After")).isEqualTo("2");
        assertThat(afterwards.status()).as("nothing was created").isEqualTo(201);
    }

    @Test
    void aServiceDeletionLosingToConflicts_isUnavailable_notNotFound() {
        String owner = journeys().organisation("conflict-svc");
        assertThat(api().post("/v1/orgs/conflict-svc/services", "{\"id\":\"billing\",\"name\":\"B\"}", owner)
                .status()).isEqualTo(201);
        faults.inject(transactionConflicts("conflict-svc", Integer.MAX_VALUE));

        Api.Reply refused = api().send(api().request("/v1/orgs/conflict-svc/services/billing", owner).DELETE());
        faults.clear();

        assertThat(refused.status()).as(refused.body()).isEqualTo(503);
        assertThat(refused.json().get("code").asText()).isEqualTo("service-unavailable");
        assertThat(api().get("/v1/orgs/conflict-svc/services/billing", owner).status()).isEqualTo(200);
    }

    private static GatewayFaults.Rule transactionConflicts(String tenant, int times) {
        return new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of(tenant),
                Kind.TRANSACTION_CONFLICT, Duration.ZERO, times);
    }
}
