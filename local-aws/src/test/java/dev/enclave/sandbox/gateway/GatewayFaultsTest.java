package dev.enclave.sandbox.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GatewayFaultsTest {

    private final GatewayFaults faults = new GatewayFaults();

    @Test
    void noRule_noFault() {
        assertThat(faults.take("GetItem", Optional.of("acme"))).isEmpty();
    }

    @Test
    void aTenantsRule_appliesToItsSessionsOnly_asManyTimesAsAsked() {
        faults.inject(GatewayFaults.Rule.forTenant("acme", GatewayFaults.Kind.THROTTLING, 2));

        assertThat(faults.take("GetItem", Optional.of("beta"))).isEmpty();
        assertThat(faults.take("GetItem", Optional.empty())).isEmpty();
        assertThat(faults.take("GetItem", Optional.of("acme"))).isPresent();
        assertThat(faults.take("Query", Optional.of("acme"))).isPresent();
        assertThat(faults.take("GetItem", Optional.of("acme"))).isEmpty();
    }

    @Test
    void anOperationsRule_appliesToThatOperationOfEveryCaller() {
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.empty(),
                GatewayFaults.Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, Integer.MAX_VALUE));

        assertThat(faults.take("GetItem", Optional.of("acme"))).isEmpty();
        assertThat(faults.take("TransactWriteItems", Optional.empty())).isPresent();
        assertThat(faults.take("TransactWriteItems", Optional.of("acme"))).isPresent();
    }

    @Test
    void theFirstMatchingRuleApplies_andClearRemovesEveryRule() {
        faults.inject(GatewayFaults.Rule.forTenant("acme", GatewayFaults.Kind.DROPPED_CONNECTION, 1));
        faults.inject(GatewayFaults.Rule.forTenant("acme", GatewayFaults.Kind.SERVICE_UNAVAILABLE, 1));

        assertThat(faults.take("GetItem", Optional.of("acme"))).map(GatewayFaults.Rule::kind)
                .contains(GatewayFaults.Kind.DROPPED_CONNECTION);
        faults.clear();
        assertThat(faults.take("GetItem", Optional.of("acme"))).isEmpty();
    }

    @Test
    void rules_applyAtLeastOnce() {
        assertThatThrownBy(() -> GatewayFaults.Rule.forTenant("acme", GatewayFaults.Kind.THROTTLING, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
