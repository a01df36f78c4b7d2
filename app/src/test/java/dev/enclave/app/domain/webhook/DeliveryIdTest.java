package dev.enclave.app.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Delivery ids sort by when they were made and say what they carry; anything else is not one. */
class DeliveryIdTest {

    @Test
    void ids_sortByWhenTheyWereMade_andParseBack() {
        DeliveryId earlier = DeliveryId.ofEvent(Instant.ofEpochMilli(1_764_151_502_000L), 42);
        DeliveryId later = DeliveryId.test(Instant.ofEpochMilli(1_764_151_502_001L), new SecureRandom());
        assertThat(earlier.value()).isEqualTo("1764151502000.0000000000000000042");
        assertThat(earlier.value()).isLessThan(later.value());
        assertThat(DeliveryId.parse(later.value())).contains(later);
    }

    @Test
    void otherStrings_areNotIds() {
        assertThat(DeliveryId.parse("1764151502000.42")).isEmpty();
        assertThat(DeliveryId.parse("../../x")).isEmpty();
        assertThat(DeliveryId.parse(null)).isEmpty();
        assertThat(WebhookEndpointId.parse("ep_0123456789abcdef012")).isEmpty();
        assertThat(WebhookEndpointId.parse("ep_0123456789abcdef0123")).isPresent();
    }
}
