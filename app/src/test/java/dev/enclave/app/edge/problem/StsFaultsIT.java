package dev.enclave.app.edge.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.SharedSandbox;
import dev.enclave.sandbox.sts.StsFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * STS down, injected by the sandbox STS: tenants whose credentials are cached keep working; a tenant without
 * answers 503 {@code service-unavailable} with {@code Retry-After}; once STS answers again, the same request works
 * without a restart.
 */
@MicronautTest(environments = "local")
class StsFaultsIT extends LocalStackTest {

    private final StsFaults sts = SharedSandbox.instance().sts().faults();

    @AfterEach
    void clearFaults() {
        sts.clear();
    }

    @Test
    void stsDown_cachedTenantsKeepWorking_othersAnswer503WithRetryAfter_andRecoveryNeedsNoRestart() {
        String cachedOwner = journeys().organisation("sts-cached");
        String newcomer = journeys().member("sts-newcomer");
        String newOrganisation = "{\"id\":\"sts-cold\",\"name\":\"Cold\"}";
        sts.inject(StsFaults.Rule.untilCleared(StsFaults.Kind.UNAVAILABLE));

        Api.Reply cached = api().get("/v1/orgs/sts-cached", cachedOwner);
        Api.Reply cold = api().post("/v1/orgs", newOrganisation, newcomer);
        sts.clear();
        Api.Reply recovered = api().post("/v1/orgs", newOrganisation, newcomer);

        assertThat(cached.status()).as(cached.body()).isEqualTo(200);
        assertThat(cold.status()).as(cold.body()).isEqualTo(503);
        assertThat(cold.contentType()).isEqualTo("application/problem+json");
        assertThat(cold.json().get("code").asText()).isEqualTo("service-unavailable");
        assertThat(cold.header("Retry-After")).isEqualTo(CredentialsUnavailableHandler.RETRY_AFTER_SECONDS);
        assertThat(recovered.status()).as(recovered.body()).isEqualTo(201);
    }

    @Test
    void stsThrottlingWithinTheRetries_isInvisible() {
        String newcomer = journeys().member("sts-throttled");
        sts.inject(StsFaults.Rule.next(StsFaults.Kind.THROTTLING, 1));

        assertThat(api().post("/v1/orgs", "{\"id\":\"sts-throttled\",\"name\":\"T\"}", newcomer).status())
                .isEqualTo(201);
    }
}
