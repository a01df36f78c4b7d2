package dev.enclave.app.infra.store.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class EndpointItemsTest {

    private static final Instant CREATED = Instant.parse("2026-11-27T04:00:00Z");
    private static final WebhookEndpoint.Keeper KATE = new WebhookEndpoint.Keeper(UserKey.of("iss", "kate"), "kate",
            Instant.parse("2026-11-01T09:00:00Z"));
    private static final WebhookEndpoint.Keeper MIA = new WebhookEndpoint.Keeper(UserKey.of("iss", "mia"), "mia",
            Instant.parse("2026-11-02T09:00:00Z"));

    @Test
    void anEndpoint_roundTrips_withItsKeeperAndEveryOptionalField() {
        WebhookEndpoint endpoint = new WebhookEndpoint(TenantId.of("acme"), new WebhookEndpointId("ep_0123456789abcdef0123"),
                "https://hooks.example.com/in", "ours", Set.of("member.added", "service.created"), false,
                Optional.of(WebhookEndpoint.KEEPER_LEFT), CREATED, 7, Optional.of(CREATED.plusSeconds(60)),
                Optional.of(CREATED.plusSeconds(120)), 3, Optional.of(KATE), Optional.of(MIA));

        Map<String, AttributeValue> item = EndpointItems.toItem(endpoint);

        assertThat(EndpointItems.fromItem(item)).isEqualTo(endpoint);
        assertThat(item.get(EndpointItems.KEEPER).s()).isEqualTo(KATE.member().digest());
        assertThat(item.get("keeperJoinedAt").s()).isEqualTo("2026-11-01T09:00:00Z");
        assertThat(item.get("keeperUserId").s()).isEqualTo("kate");
        assertThat(item.get(EndpointItems.POINTED_BY).s()).isEqualTo(MIA.member().digest());
        assertThat(item.get("pointedByJoinedAt").s()).isEqualTo("2026-11-02T09:00:00Z");
        assertThat(item.get("pointedByUserId").s()).isEqualTo("mia");
        assertThat(EndpointItems.toItem(endpoint.pointedAtBy(KATE))).as("a keeper who chose the URL is the only one "
                + "stored").doesNotContainKeys(EndpointItems.POINTED_BY, "pointedByUserId", "pointedByJoinedAt");
    }

    @Test
    void anEndpointStoredBeforeKeepersWereRecorded_readsWithNoKeeper_andWritesNoneBack() {
        WebhookEndpoint kept = new WebhookEndpoint(TenantId.of("acme"), new WebhookEndpointId("ep_0123456789abcdef0123"),
                "https://hooks.example.com/in", "", Set.of(), true, Optional.empty(), CREATED, 1, Optional.empty(),
                Optional.empty(), 1, Optional.of(KATE), Optional.empty());
        Map<String, AttributeValue> legacy = new HashMap<>(EndpointItems.toItem(kept));
        legacy.remove(EndpointItems.KEEPER);
        legacy.remove("keeperJoinedAt");
        legacy.remove("keeperUserId");

        WebhookEndpoint read = EndpointItems.fromItem(legacy);

        assertThat(read.keeper()).isEmpty();
        assertThat(EndpointItems.toItem(read)).isEqualTo(legacy);
    }
}
