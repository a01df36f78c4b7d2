package dev.enclave.app.infra.store.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.domain.webhook.Deliveries;
import dev.enclave.app.domain.webhook.Delivery;
import dev.enclave.app.domain.webhook.DeliveryId;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.InFlight;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.SecondInstance;
import dev.enclave.identity.TenantId;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Recovering an endpoint's failures reads at most {@link Deliveries#RECOVERED_PER_CALL} of its deliveries a request,
 * however long the outage was, and says where to go on; going on recovers the rest, once each.
 */
@MicronautTest(environments = "local")
class RecoverInPartsIT extends LocalStackTest {

    private static final TenantId ORG = TenantId.of("recover-parts");
    private static final int FAILED = Deliveries.RECOVERED_PER_CALL + 20;
    private static final int BATCH = 25;

    @Test
    void recover_ofMoreFailuresThanOneCallReads_answersInParts_eachFailureOnce() {
        String owner = journeys().organisation(ORG.value());
        String endpoint = api().post("/v1/orgs/recover-parts/webhooks", "{\"url\":\"http://127.0.0.1:9/parts\","
                + "\"types\":[\"service.created\"]}", owner).json().get("endpoint").get("id").asText();
        Instant madeAt = Instant.now().minus(2, ChronoUnit.HOURS).truncatedTo(ChronoUnit.MILLIS);
        List<WriteRequest> puts = LongStream.rangeClosed(1, FAILED).mapToObj(place -> WriteRequest.builder()
                .putRequest(put -> put.item(DeliveryItems.toItem(failed(endpoint, madeAt, place)))).build()).toList();
        for (int from = 0; from < puts.size(); from += BATCH) {
            List<WriteRequest> batch = puts.subList(from, Math.min(puts.size(), from + BATCH));
            assertThat(platform.batchWriteItem(b -> b.requestItems(Map.of(tableName, batch))).unprocessedItems())
                    .isEmpty();
        }
        String since = "{\"since\":\"" + madeAt.minusSeconds(60) + "\"";

        JsonNode first = recover(endpoint, since + "}", owner);
        JsonNode rest = recover(endpoint, since + ",\"after\":\"" + first.get("next").asText() + "\"}", owner);
        JsonNode again = recover(endpoint, since + "}", owner);

        assertThat(first.get("recovered").asInt()).isEqualTo(Deliveries.RECOVERED_PER_CALL);
        assertThat(rest.get("recovered").asInt()).isEqualTo(FAILED - Deliveries.RECOVERED_PER_CALL);
        assertThat(rest.get("next").isNull()).as("nothing after the rest").isTrue();
        assertThat(again.get("recovered").asInt()).as("each one due again already").isZero();
        Api.Reply stray = api().post("/v1/orgs/recover-parts/webhooks/" + endpoint + "/recover",
                since + ",\"after\":\"" + DeliveryId.ofEvent(madeAt.minusSeconds(3600), 1).value() + "\"}", owner);
        assertThat(stray.status()).as("after, before since").isEqualTo(400);
    }

    @Test
    void aRecoveryInFlightWhenTheOrganisationIsSuspended_makesNothingDue() {
        String owner = journeys().organisation("recover-mid");
        String endpoint = api().post("/v1/orgs/recover-mid/webhooks", "{\"url\":\"http://127.0.0.1:9/mid\","
                + "\"types\":[\"service.created\"]}", owner).json().get("endpoint").get("id").asText();
        Instant madeAt = Instant.now().minus(2, ChronoUnit.HOURS).truncatedTo(ChronoUnit.MILLIS);
        for (long place = 1; place <= 3; place++) {
            Delivery failed = new Delivery(TenantId.of("recover-mid"), new WebhookEndpointId(endpoint),
                    DeliveryId.ofEvent(madeAt, place), "event-" + place, "service.created", "{}", false,
                    Delivery.Status.FAILED, List.of(), Optional.empty(), madeAt);
            platform.putItem(b -> b.tableName(tableName).item(DeliveryItems.toItem(failed)));
        }
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\","
                + "\"roles\":[\"platform-admin\"]}");
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            Api.Reply late = InFlight.heldWhile(faults, "recover-mid", () -> api().post("/v1/orgs/recover-mid/webhooks/"
                    + endpoint + "/recover", "{\"since\":\"" + madeAt.minusSeconds(60) + "\"}", owner), () ->
                    assertThat(other.api().post("/v1/admin/tenants/recover-mid/suspend", "", admin).status())
                            .isEqualTo(204));

            assertThat(late.status()).as(late.body()).isEqualTo(423);
        }
        assertThat(platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true)).items().stream()
                .filter(item -> item.get("PK").s().equals("TENANT#recover-mid#"))
                .filter(item -> item.containsKey(DeliveryItems.STATUS) && !item.get("SK").s().equals("ORG"))
                .map(item -> item.get(DeliveryItems.STATUS).s())).as("every delivery as it was").containsOnly("FAILED");
    }

    private JsonNode recover(String endpoint, String body, String owner) {
        Api.Reply reply = api().post("/v1/orgs/recover-parts/webhooks/" + endpoint + "/recover", body, owner);
        assertThat(reply.status()).as(reply.body()).isEqualTo(202);
        return reply.json();
    }

    private static Delivery failed(String endpoint, Instant madeAt, long place) {
        return new Delivery(ORG, new WebhookEndpointId(endpoint), DeliveryId.ofEvent(madeAt, place), "event-" + place,
                "service.created", "{}", false, Delivery.Status.FAILED, List.of(), Optional.empty(), madeAt);
    }
}
