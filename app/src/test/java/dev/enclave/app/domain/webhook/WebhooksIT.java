package dev.enclave.app.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.infra.webhook.DeliveryWorker;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.MovableWebhookClock;
import dev.enclave.app.support.ScriptedWebhookReceiver;
import dev.enclave.app.support.ScriptedWebhookReceiver.Reply;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Webhooks end to end, against a real HTTP receiver that verifies every signature with its own HMAC: every event
 * of a workflow arrives once and signed; failures are retried on the schedule (moved on with the deliveries' own
 * clock), {@code Retry-After} is honoured, 410 disables the endpoint, and so do five days of failures; rotation signs
 * with both secrets during the overlap; retry, recover and test send again.
 */
@MicronautTest(environments = "local")
class WebhooksIT extends LocalStackTest {

    private final ScriptedWebhookReceiver receiver = new ScriptedWebhookReceiver();

    @Inject
    DeliveryWorker worker;

    @Inject
    DeliveryClock deliveriesClock;

    @Override
    protected Map<String, String> settings() {
        return Map.of(MovableWebhookClock.SETTING, "movable", "enclave.webhooks.transport.timeout", "1s",
                "enclave.webhooks.poll-interval", "200ms");
    }

    @AfterAll
    void stopReceiver() {
        receiver.close();
    }

    @Test
    void everyEventOfAWorkflow_arrivesOnce_signed_withTheFeedsEnvelope() {
        String owner = journeys().organisation("hooks-journey");
        JsonNode created = endpoint("hooks-journey", owner, "/journey", "[]");
        String secret = created.get("secret").asText();
        journeys().join("hooks-journey", owner, "bob");
        api().post("/v1/orgs/hooks-journey/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", owner);
        send("DELETE", "/v1/orgs/hooks-journey/members/bob", owner);

        List<JsonNode> feed = feedFrom("hooks-journey", owner, created.get("endpoint").get("id").asText());
        assertThat(feed).extracting(event -> event.get("type").asText()).contains("webhook_endpoint.created",
                "invitation.sent", "invitation.accepted", "member.added", "service.created", "member.removed");
        await().atMost(Duration.ofSeconds(20)).until(() -> receivedOn("/journey").size() >= feed.size());
        List<ScriptedWebhookReceiver.Received> got = receivedOn("/journey");
        assertThat(got).extracting(ScriptedWebhookReceiver.Received::id).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(feed.stream().map(event -> event.get("id").asText()).toList());
        assertThat(got).allSatisfy(request -> {
            assertThat(request.verifiedBy(secret)).as("signatures verified").isEqualTo(1);
            assertThat(request.method()).isEqualTo("POST");
            assertThat(json(request.body()).get("id").asText()).isEqualTo(request.id());
            assertThat(Long.parseLong(request.headers().get("webhook-timestamp")))
                    .isCloseTo(deliveriesClock.now().getEpochSecond(), org.assertj.core.data.Offset.offset(60L));
        });
        JsonNode removed = feed.stream().filter(event -> event.get("type").asText().equals("member.removed"))
                .findFirst().orElseThrow();
        assertThat(json(got.stream().filter(r -> r.id().equals(removed.get("id").asText())).findFirst()
                .orElseThrow().body())).isEqualTo(removed);
        String endpoint = created.get("endpoint").get("id").asText();
        assertThat(send("DELETE", "/v1/orgs/hooks-journey/webhooks/" + endpoint, owner).status()).isEqualTo(204);
        assertThat(api().get("/v1/orgs/hooks-journey/webhooks/" + endpoint + "/deliveries", owner).json()
                .get("items")).as("a deleted endpoint's deliveries stay listed").hasSize(got.size());
    }

    @Test
    void anOrganisationsDeletion_reachesItsEndpoints_beforeTheyGoWithIt() {
        String owner = journeys().organisation("hooks-deleted");
        endpoint("hooks-deleted", owner, "/deleted", "[]");
        journeys().join("hooks-deleted", owner, "bob");

        assertThat(send("DELETE", "/v1/orgs/hooks-deleted", owner).status()).isLessThan(300);

        await().atMost(Duration.ofSeconds(20)).until(() -> receivedOn("/deleted").stream()
                .anyMatch(request -> json(request.body()).get("type").asText().equals("organisation.deleted")));
        await().atMost(Duration.ofSeconds(60)).until(() -> !platform.getItem(get -> get.tableName(tableName)
                .consistentRead(true).key(Map.of("PK", AttributeValue.fromS("TENANT#hooks-deleted#"),
                        "SK", AttributeValue.fromS("ORG")))).hasItem());
        assertThat(receivedOn("/deleted")).extracting(request -> json(request.body()).get("type").asText())
                .as("sent as it was, not disabled for a keeper the deletion removed first")
                .doesNotContain("webhook_endpoint.disabled");
    }

    @Test
    void aHandOutCursorOfAPredecessor_isStartedAgain_notCarriedOn() {
        String owner = journeys().organisation("hooks-lo");
        platform.putItem(put -> put.tableName(tableName).item(Map.of("PK", AttributeValue.fromS("TENANT#hooks-lo#"),
                "SK", AttributeValue.fromS("WEBHOOKS#CURSOR"), "type", AttributeValue.fromS("webhook_cursor"),
                "tenant", AttributeValue.fromS("hooks-lo"), "place", AttributeValue.fromN("1000"),
                "incarnation", AttributeValue.fromS("predecessor"))));
        endpoint("hooks-lo", owner, "/leftover", "[]");

        api().post("/v1/orgs/hooks-lo/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", owner);

        await().atMost(Duration.ofSeconds(20)).until(() -> receivedOn("/leftover").stream()
                .anyMatch(request -> json(request.body()).get("type").asText().equals("service.created")));
    }

    @Test
    void anEndpointsEvents_keepItsUrlsOriginOnly_andAChangeToWhatItIs_isNoEvent() {
        String owner = journeys().organisation("hooks-url");
        String id = endpointId("hooks-url", owner, "/services/T0/B0/pathsecret", "[]");
        String path = "/v1/orgs/hooks-url/webhooks/" + id;

        assertThat(send("PATCH", path, owner, "{\"description\":\"test receiver\",\"enabled\":true}").status())
                .isEqualTo(200);
        assertThat(events("hooks-url", owner, "webhook_endpoint.updated")).as("nothing changed").isEmpty();
        assertThat(send("PATCH", path, owner, "{\"url\":\"" + receiver.url("/services/T0/B0/othersecret")
                + "\"}").status()).isEqualTo(200);

        List<JsonNode> updated = events("hooks-url", owner, "webhook_endpoint.updated");
        assertThat(updated).hasSize(1);
        JsonNode changes = updated.get(0).get("data").get("changes");
        String origin = receiver.url("/").replaceAll("/$", "");
        assertThat(changes.get("before").get("url").asText()).isEqualTo(origin + "/…");
        assertThat(changes.get("after").get("url").asText()).isEqualTo(origin + "/…");
        assertThat(changes.get("before").get("urlDigest").asText()).hasSize(16)
                .isNotEqualTo(changes.get("after").get("urlDigest").asText())
                .as("keyed: a reader cannot test a guess of the hidden path against it")
                .isNotEqualTo(dev.enclave.digest.Sha256.hex(receiver.url("/services/T0/B0/pathsecret"))
                        .substring(0, 16));
        assertThat(feedText("hooks-url", owner)).doesNotContain("pathsecret").doesNotContain("othersecret");
    }

    @Test
    void anEndpointItemOfAnotherLifeOfItsOrganisation_isNotListed_andSentNothing() {
        String owner = journeys().organisation("hooks-life");
        String stale = endpointId("hooks-life", owner, "/stale-life", "[]");
        endpoint("hooks-life", owner, "/this-life", "[]");
        platform.updateItem(update -> update.tableName(tableName)
                .key(Map.of("PK", AttributeValue.fromS("TENANT#hooks-life#"), "SK", AttributeValue.fromS("WEBHOOK#"
                        + stale))).updateExpression("SET #life = :other")
                .expressionAttributeNames(Map.of("#life", "incarnation"))
                .expressionAttributeValues(Map.of(":other", AttributeValue.fromS("predecessor"))));

        api().post("/v1/orgs/hooks-life/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", owner);

        await().atMost(Duration.ofSeconds(20)).until(() -> receivedOn("/this-life").stream()
                .anyMatch(request -> json(request.body()).get("type").asText().equals("service.created")));
        assertThat(receivedOn("/stale-life")).extracting(request -> json(request.body()).get("type").asText())
                .as("an endpoint a deleted predecessor left behind").doesNotContain("service.created");
        assertThat(api().get("/v1/orgs/hooks-life/webhooks", owner).json().get("items"))
                .extracting(item -> item.get("id").asText()).doesNotContain(stale);
        assertThat(api().get("/v1/orgs/hooks-life/webhooks/" + stale, owner).status()).isEqualTo(404);
        assertThat(send("DELETE", "/v1/orgs/hooks-life/webhooks/" + stale, owner).status())
                .as("nor deleted, which would lower a count this life never raised").isEqualTo(404);
    }

    @Test
    void aReceiverFailingHalfTheTime_getsEveryEvent_onTheRetrySchedule() {
        String owner = journeys().organisation("hooks-flaky");
        receiver.answer("/flaky", n -> n % 2 == 0 ? Reply.status(500).withBody("try later") : Reply.status(204));
        String id = endpoint("hooks-flaky", owner, "/flaky", "[\"member.added\",\"service.created\"]")
                .get("endpoint").get("id").asText();
        for (int i = 0; i < 6; i++) {
            api().post("/v1/orgs/hooks-flaky/services", "{\"id\":\"s" + i + "\",\"name\":\"S" + i + "\"}", owner);
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            moveDeliveriesClock(Duration.ofMinutes(2));
            worker.poll();
            List<JsonNode> all = deliveries("hooks-flaky", id, owner);
            return all.size() == 6 && all.stream().allMatch(d -> d.get("status").asText().equals("succeeded"));
        });
        assertThat(acceptedIds("/flaky")).hasSize(6);
        JsonNode deliveries = api().get("/v1/orgs/hooks-flaky/webhooks/" + id + "/deliveries", owner).json();
        assertThat(deliveries.get("items")).hasSize(6).allSatisfy(delivery ->
                assertThat(delivery.get("status").asText()).isEqualTo("succeeded"));
        List<JsonNode> retried = new ArrayList<>();
        deliveries.get("items").forEach(delivery -> {
            if (delivery.get("attempts").size() > 1) {
                retried.add(delivery);
            }
        });
        assertThat(retried).isNotEmpty().allSatisfy(delivery -> {
            JsonNode first = delivery.get("attempts").get(0);
            assertThat(first.get("status").asInt()).isEqualTo(500);
            assertThat(first.get("excerpt").asText()).isEqualTo("try later");
        });
        Set<String> ids = receivedOn("/flaky").stream().map(ScriptedWebhookReceiver.Received::id)
                .collect(Collectors.toSet());
        assertThat(ids).as("every retry carries the event's own id").hasSize(6);
        receiver.answer("/flaky", n -> Reply.status(200));
    }

    @Test
    void aDeliveryOfATypeTheEndpointNoLongerTakes_isNotSentAgain() {
        String owner = journeys().organisation("hooks-types");
        receiver.answer("/types", n -> Reply.status(500));
        String id = endpointId("hooks-types", owner, "/types", "[\"service.created\"]");
        api().post("/v1/orgs/hooks-types/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> receivedOn("/types").size() == 1);

        assertThat(send("PATCH", "/v1/orgs/hooks-types/webhooks/" + id, owner, "{\"types\":[\"member.added\"]}")
                .status()).isEqualTo(200);
        JsonNode settled = await().atMost(Duration.ofSeconds(20)).until(() -> {
            moveDeliveriesClock(Duration.ofSeconds(6));
            worker.poll();
            return deliveries("hooks-types", id, owner).get(0);
        }, delivery -> delivery.get("status").asText().equals("failed"));

        assertThat(receivedOn("/types")).as("the retry was not sent").hasSize(1);
        JsonNode last = settled.get("attempts").get(settled.get("attempts").size() - 1);
        assertThat(last.get("fault").asText()).isEqualTo("the endpoint no longer takes service.created events");
    }

    @Test
    void retryAfter_onA429_isHonoured() {
        String owner = journeys().organisation("hooks-429");
        receiver.answer("/busy", n -> Reply.status(429).withHeader("Retry-After", "120"));
        String id = endpointId("hooks-429", owner, "/busy", "[\"service.created\"]");
        api().post("/v1/orgs/hooks-429/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> !receivedOn("/busy").isEmpty());
        JsonNode delivery = await().atMost(Duration.ofSeconds(10)).until(() -> deliveries("hooks-429", id, owner)
                .get(0), d -> d.get("attempts").size() == 1);
        receiver.answer("/busy", n -> Reply.status(200));
        Instant next = Instant.parse(delivery.get("nextAttemptAt").asText());
        assertThat(next).isAfter(deliveriesClock.now().plusSeconds(100));
        moveDeliveriesClock(Duration.ofSeconds(60));
        worker.poll();
        assertThat(acceptedIds("/busy")).as("not before the wait it asked for").isEmpty();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            moveDeliveriesClock(Duration.ofSeconds(30));
            worker.poll();
            return acceptedIds("/busy").size() == 1;
        });
    }

    @Test
    void aTimeout_isAFailedAttempt_triedAgain() {
        String owner = journeys().organisation("hooks-slow");
        receiver.answer("/slow", n -> n == 1 ? Reply.status(200).after(2500) : Reply.status(200));
        String id = endpointId("hooks-slow", owner, "/slow", "[\"service.created\"]");
        api().post("/v1/orgs/hooks-slow/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        JsonNode delivery = await().atMost(Duration.ofSeconds(10)).until(() -> deliveries("hooks-slow", id, owner)
                .stream().findFirst().orElse(null), d -> d != null && d.get("attempts").size() == 1);
        assertThat(delivery.get("attempts").get(0).get("fault").asText()).contains("no answer within");
        assertThat(delivery.get("status").asText()).isEqualTo("pending");
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            moveDeliveriesClock(Duration.ofSeconds(6));
            worker.poll();
            return deliveries("hooks-slow", id, owner).get(0).get("status").asText().equals("succeeded");
        });
    }

    @Test
    void gone_disablesTheEndpoint_andRecordsWhy() {
        String owner = journeys().organisation("hooks-gone");
        receiver.answer("/gone", n -> Reply.status(410));
        String id = endpointId("hooks-gone", owner, "/gone", "[\"service.created\"]");
        api().post("/v1/orgs/hooks-gone/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> !api().get("/v1/orgs/hooks-gone/webhooks/" + id, owner)
                .json().get("enabled").asBoolean());
        receiver.answer("/gone", n -> Reply.status(200));
        JsonNode endpoint = api().get("/v1/orgs/hooks-gone/webhooks/" + id, owner).json();
        assertThat(endpoint.get("disabledBy").asText()).isEqualTo("gone");
        assertThat(deliveries("hooks-gone", id, owner).get(0).get("status").asText()).isEqualTo("failed");
        assertThat(events("hooks-gone", owner, "webhook_endpoint.disabled")).singleElement().satisfies(event -> {
            assertThat(event.get("data").get("actor").get("type").asText()).isEqualTo("system");
            assertThat(event.get("data").get("changes").get("reason").asText()).isEqualTo("gone");
        });
        api().post("/v1/orgs/hooks-gone/services", "{\"id\":\"b\",\"name\":\"B\"}", owner);
        worker.poll();
        assertThat(deliveries("hooks-gone", id, owner)).as("a disabled endpoint is handed nothing").hasSize(1);
    }

    @Test
    void onlyItsKeeper_pointsAnEndpointElsewhere_anotherAdminTakesItOnByRotatingFirst() {
        String owner = journeys().organisation("hooks-move");
        journeys().join("hooks-move", owner, "mia");
        assertThat(api().send(api().request("/v1/orgs/hooks-move/members/mia/groups/admin", owner)
                .header("If-Match", "*").PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        String mia = journeys().member("mia");
        String path = "/v1/orgs/hooks-move/webhooks/" + endpoint("hooks-move", owner, "/move-a", "[]")
                .get("endpoint").get("id").asText();
        String elsewhere = "{\"url\":\"" + receiver.url("/move-b") + "\"}";

        assertThat(send("PATCH", path, mia, elsewhere).status()).as("not the keeper").isEqualTo(403);
        assertThat(send("PATCH", path, mia, "{\"description\":\"described by mia\"}").status()).isEqualTo(200);
        assertThat(send("PATCH", path, mia, "{\"url\":\"" + receiver.url("/move-a") + "\",\"description\":\"whole\"}")
                .status()).as("the endpoint sent back whole: its own URL changes nothing").isEqualTo(200);
        assertThat(api().post(path + "/rotate-secret", "", mia).status()).isEqualTo(200);
        JsonNode moved = send("PATCH", path, mia, elsewhere).json();

        assertThat(moved.get("url").asText()).isEqualTo(receiver.url("/move-b"));
        assertThat(moved.get("keptBy").asText()).isEqualTo("mia");
        assertThat(send("PATCH", path, owner, "{\"url\":\"" + receiver.url("/move-a") + "\"}").status())
                .as("the creator no longer keeps it").isEqualTo(403);
    }

    @Test
    void anEndpointWhoseKeeperWasRemoved_isDisabledAndSentNothingMore_untilAnotherAdminRotatesItsSecretAndStatesItsUrl() {
        String owner = journeys().organisation("hooks-keeper");
        journeys().join("hooks-keeper", owner, "kate");
        assertThat(api().send(api().request("/v1/orgs/hooks-keeper/members/kate/groups/admin", owner)
                .header("If-Match", "*").PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        receiver.answer("/kept", n -> Reply.status(200));
        JsonNode created = endpoint("hooks-keeper", journeys().member("kate"), "/kept", "[\"service.created\"]")
                .get("endpoint");
        String id = created.get("id").asText();
        assertThat(created.get("keptBy").asText()).isEqualTo("kate");
        api().post("/v1/orgs/hooks-keeper/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> receivedOn("/kept").size() == 1);

        assertThat(send("DELETE", "/v1/orgs/hooks-keeper/members/kate", owner).status()).isEqualTo(204);
        api().post("/v1/orgs/hooks-keeper/services", "{\"id\":\"b\",\"name\":\"B\"}", owner);

        await().atMost(Duration.ofSeconds(10)).until(() -> !api().get("/v1/orgs/hooks-keeper/webhooks/" + id, owner)
                .json().get("enabled").asBoolean());
        assertThat(api().get("/v1/orgs/hooks-keeper/webhooks/" + id, owner).json().get("disabledBy").asText())
                .isEqualTo("keeper_left");
        assertThat(receivedOn("/kept")).as("nothing after the keeper left").hasSize(1);
        assertThat(events("hooks-keeper", owner, "webhook_endpoint.disabled")).singleElement().satisfies(event ->
                assertThat(event.get("data").get("changes").get("reason").asText()).isEqualTo("keeper_left"));

        assertThat(send("PATCH", "/v1/orgs/hooks-keeper/webhooks/" + id, owner, "{\"enabled\":true}").json()
                .get("keptBy").asText()).as("a change does not take it on: kate still holds its secret")
                .isEqualTo("kate");
        api().post("/v1/orgs/hooks-keeper/services", "{\"id\":\"b2\",\"name\":\"B2\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> !api().get("/v1/orgs/hooks-keeper/webhooks/" + id, owner)
                .json().get("enabled").asBoolean());
        assertThat(receivedOn("/kept")).hasSize(1);

        assertThat(api().post("/v1/orgs/hooks-keeper/webhooks/" + id + "/rotate-secret", "", owner).status())
                .isEqualTo(200);
        JsonNode rotated = send("PATCH", "/v1/orgs/hooks-keeper/webhooks/" + id, owner, "{\"enabled\":true}").json();
        assertThat(rotated.get("keptBy").asText()).isNotEqualTo("kate");
        assertThat(rotated.get("urlChosenBy").asText()).as("kate chose where its events go").isEqualTo("kate");
        api().post("/v1/orgs/hooks-keeper/services", "{\"id\":\"c\",\"name\":\"C\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> !api().get("/v1/orgs/hooks-keeper/webhooks/" + id, owner)
                .json().get("enabled").asBoolean());
        assertThat(receivedOn("/kept")).as("a new secret does not make kate's URL anyone else's choice").hasSize(1);

        JsonNode takenOn = send("PATCH", "/v1/orgs/hooks-keeper/webhooks/" + id, owner,
                "{\"url\":\"" + receiver.url("/kept") + "\",\"enabled\":true}").json();
        assertThat(takenOn.get("urlChosenBy").asText()).isEqualTo(takenOn.get("keptBy").asText());
        assertThat(takenOn.get("enabled").asBoolean()).isTrue();
        api().post("/v1/orgs/hooks-keeper/services", "{\"id\":\"d\",\"name\":\"D\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> receivedOn("/kept").size() == 2);
    }

    @Test
    void anEndpointWhoseSecretAnotherAdminRotated_stopsWhenTheMemberWhoChoseItsUrlIsRemoved() {
        String owner = journeys().organisation("hooks-rotated");
        journeys().join("hooks-rotated", owner, "rob");
        assertThat(api().send(api().request("/v1/orgs/hooks-rotated/members/rob/groups/admin", owner)
                .header("If-Match", "*").PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        receiver.answer("/robs", n -> Reply.status(200));
        String id = endpoint("hooks-rotated", journeys().member("rob"), "/robs", "[\"service.created\"]")
                .get("endpoint").get("id").asText();
        assertThat(api().post("/v1/orgs/hooks-rotated/webhooks/" + id + "/rotate-secret", "", owner).status())
                .as("a routine rotation by the owner").isEqualTo(200);
        api().post("/v1/orgs/hooks-rotated/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> receivedOn("/robs").size() == 1);

        assertThat(send("DELETE", "/v1/orgs/hooks-rotated/members/rob", owner).status()).isEqualTo(204);
        api().post("/v1/orgs/hooks-rotated/services", "{\"id\":\"b\",\"name\":\"B\"}", owner);

        await().atMost(Duration.ofSeconds(10)).until(() -> !api().get("/v1/orgs/hooks-rotated/webhooks/" + id, owner)
                .json().get("enabled").asBoolean());
        JsonNode lapsed = api().get("/v1/orgs/hooks-rotated/webhooks/" + id, owner).json();
        assertThat(lapsed.get("disabledBy").asText()).isEqualTo("keeper_left");
        assertThat(lapsed.get("urlChosenBy").asText()).isEqualTo("rob");
        assertThat(receivedOn("/robs")).as("nothing reaches rob's server once he is gone").hasSize(1);
    }

    @Test
    void fiveDaysOfFailures_disableTheEndpoint() {
        String owner = journeys().organisation("hooks-failing");
        receiver.answer("/down", n -> Reply.status(503));
        String id = endpointId("hooks-failing", owner, "/down", "[\"service.created\"]");
        api().post("/v1/orgs/hooks-failing/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> api().get("/v1/orgs/hooks-failing/webhooks/" + id, owner)
                .json().hasNonNull("failingSince"));
        moveDeliveriesClock(Duration.ofDays(4));
        api().post("/v1/orgs/hooks-failing/services", "{\"id\":\"b\",\"name\":\"B\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> deliveries("hooks-failing", id, owner).stream()
                .allMatch(d -> d.get("attempts").size() >= 1));
        assertThat(api().get("/v1/orgs/hooks-failing/webhooks/" + id, owner).json().get("enabled").asBoolean())
                .as("four days of failures").isTrue();
        moveDeliveriesClock(Duration.ofDays(1).plusMinutes(1));
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            worker.poll();
            return !api().get("/v1/orgs/hooks-failing/webhooks/" + id, owner).json().get("enabled").asBoolean();
        });
        receiver.answer("/down", n -> Reply.status(200));
        assertThat(api().get("/v1/orgs/hooks-failing/webhooks/" + id, owner).json().get("disabledBy").asText())
                .isEqualTo("failing");
        assertThat(events("hooks-failing", owner, "webhook_endpoint.disabled")).hasSize(1);
    }

    @Test
    void rotation_signsWithBothSecrets_duringTheOverlap() {
        String owner = journeys().organisation("hooks-rotate");
        JsonNode created = endpoint("hooks-rotate", owner, "/rotate", "[\"service.created\"]");
        String id = created.get("endpoint").get("id").asText();
        String old = created.get("secret").asText();
        JsonNode rotated = api().post("/v1/orgs/hooks-rotate/webhooks/" + id + "/rotate-secret", "", owner).json();
        String fresh = rotated.get("secret").asText();
        assertThat(fresh).startsWith("whsec_").isNotEqualTo(old);
        api().post("/v1/orgs/hooks-rotate/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> receivedOn("/rotate").size() == 1);
        ScriptedWebhookReceiver.Received during = receivedOn("/rotate").get(0);
        assertThat(during.signatures()).hasSize(2);
        assertThat(during.verifiedBy(old)).isEqualTo(1);
        assertThat(during.verifiedBy(fresh)).isEqualTo(1);

        moveDeliveriesClock(Duration.ofHours(25));
        api().post("/v1/orgs/hooks-rotate/services", "{\"id\":\"b\",\"name\":\"B\"}", owner);
        await().atMost(Duration.ofSeconds(10)).until(() -> receivedOn("/rotate").size() == 2);
        ScriptedWebhookReceiver.Received after = receivedOn("/rotate").get(1);
        assertThat(after.signatures()).hasSize(1);
        assertThat(after.verifiedBy(fresh)).isEqualTo(1);
        assertThat(after.verifiedBy(old)).isZero();
        assertThat(feedText("hooks-rotate", owner)).doesNotContain(old.substring(6)).doesNotContain(fresh.substring(6));
    }

    @Test
    void aDeliveryWaitingForItsNextAttempt_isSentAgainNow_whenRetried() {
        String owner = journeys().organisation("hooks-waiting");
        receiver.answer("/waiting", n -> Reply.status(n <= 2 ? 500 : 200));
        String id = endpointId("hooks-waiting", owner, "/waiting", "[\"service.created\"]");
        api().post("/v1/orgs/hooks-waiting/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            List<JsonNode> all = deliveries("hooks-waiting", id, owner);
            if (all.size() == 1 && all.get(0).get("attempts").size() == 1) {
                moveDeliveriesClock(Duration.ofSeconds(7));
                worker.poll();
            }
            return all.size() == 1 && all.get(0).get("attempts").size() == 2
                    && all.get(0).get("status").asText().equals("pending");
        });
        String waiting = deliveries("hooks-waiting", id, owner).get(0).get("id").asText();

        Api.Reply retried = api().post("/v1/orgs/hooks-waiting/webhooks/" + id + "/deliveries/" + waiting + "/retry",
                "", owner);

        assertThat(retried.status()).as("its next attempt is minutes away; the receiver is back now: "
                + retried.body()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> acceptedIds("/waiting").size() == 1);
    }

    @Test
    void retry_recover_andTest_sendAgain() {
        String owner = journeys().organisation("hooks-replay");
        receiver.answer("/replay", n -> Reply.status(500));
        String id = endpointId("hooks-replay", owner, "/replay", "[\"service.created\"]");
        api().post("/v1/orgs/hooks-replay/services", "{\"id\":\"a\",\"name\":\"A\"}", owner);
        api().post("/v1/orgs/hooks-replay/services", "{\"id\":\"b\",\"name\":\"B\"}", owner);
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            moveDeliveriesClock(Duration.ofHours(3));
            worker.poll();
            List<JsonNode> all = deliveries("hooks-replay", id, owner);
            return all.size() == 2 && all.stream().allMatch(d -> d.get("status").asText().equals("failed"));
        });
        assertThat(deliveries("hooks-replay", id, owner)).allSatisfy(d ->
                assertThat(d.get("attempts")).hasSize(RetrySchedule.attempts()));
        receiver.answer("/replay", n -> Reply.status(200));

        String first = deliveries("hooks-replay", id, owner).get(1).get("id").asText();
        assertThat(api().post("/v1/orgs/hooks-replay/webhooks/" + id + "/deliveries/" + first + "/retry", "", owner)
                .status()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> acceptedIds("/replay").size() == 1);
        assertThat(api().post("/v1/orgs/hooks-replay/webhooks/" + id + "/deliveries/" + first + "/retry", "", owner)
                .status()).as("a delivered delivery may be sent again").isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> receiver.accepted().stream()
                .filter(r -> r.path().equals("/replay")).count() == 2);

        JsonNode recovered = api().post("/v1/orgs/hooks-replay/webhooks/" + id + "/recover",
                "{\"since\":\"" + Instant.now().minusSeconds(3600) + "\"}", owner).json();
        assertThat(recovered.get("recovered").asInt()).isEqualTo(1);
        await().atMost(Duration.ofSeconds(10)).until(() -> acceptedIds("/replay").size() == 2);

        Api.Reply test = api().post("/v1/orgs/hooks-replay/webhooks/" + id + "/test", "", owner);
        assertThat(test.status()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> receivedOn("/replay").stream()
                .anyMatch(r -> json(r.body()).get("type").asText().equals("webhook.test")));
        assertThat(api().post("/v1/orgs/hooks-replay/webhooks/ep_00000000000000000000/test", "", owner).status())
                .isEqualTo(404);
        int listed = deliveries("hooks-replay", id, owner).size();
        Api.Reply madeUp = api().post("/v1/orgs/hooks-replay/webhooks/" + id + "/deliveries/9999999999999."
                + "0".repeat(19) + "/retry", "", owner);
        assertThat(madeUp.status()).as("a delivery that never was: " + madeUp.body()).isEqualTo(409);
        assertThat(madeUp.json().get("code").asText()).isEqualTo("delivery-not-retryable");
        assertThat(deliveries("hooks-replay", id, owner)).as("nothing made up is stored").hasSize(listed);

        assertThat(send("DELETE", "/v1/orgs/hooks-replay/webhooks/" + id, owner).status()).isEqualTo(204);
        Api.Reply ofDeleted = api().post("/v1/orgs/hooks-replay/webhooks/" + id + "/deliveries/" + first + "/retry",
                "", owner);
        assertThat(ofDeleted.status()).as("a deleted endpoint's delivery is not sent again").isEqualTo(404);
        assertThat(ofDeleted.json().get("code").asText()).isEqualTo("webhook-endpoint-not-found");
    }

    @Test
    void endpoints_areBounded_validated_andOnlyForAdmins() {
        String owner = journeys().organisation("hooks-rules");
        assertThat(api().post("/v1/orgs/hooks-rules/webhooks", "{\"url\":\"ftp://example.com/x\"}", owner).status())
                .isEqualTo(422);
        assertThat(api().post("/v1/orgs/hooks-rules/webhooks", "{\"url\":\"http://169.254.169.254/latest\"}", owner)
                .status()).isEqualTo(422);
        assertThat(api().hostile().post("/v1/orgs/hooks-rules/webhooks", "{\"url\":\"" + receiver.url("/r")
                + "\",\"types\":[\"Not A Type\"]}", owner).status()).isEqualTo(400);
        Api.Reply misspelt = api().post("/v1/orgs/hooks-rules/webhooks", "{\"url\":\"" + receiver.url("/r")
                + "\",\"types\":[\"member.added\",\"member.addd\"]}", owner);
        assertThat(misspelt.status()).as("a type no event has: the endpoint would never be sent anything")
                .isEqualTo(400);
        assertThat(misspelt.json().get("detail").asText()).contains("member.addd");
        journeys().join("hooks-rules", owner, "mallory");
        String mallory = journeys().member("mallory");
        assertThat(api().post("/v1/orgs/hooks-rules/webhooks", "{\"url\":\"" + receiver.url("/r") + "\"}", mallory)
                .status()).isEqualTo(403);
        for (int i = 0; i < 10; i++) {
            assertThat(api().post("/v1/orgs/hooks-rules/webhooks", "{\"url\":\"" + receiver.url("/r" + i) + "\"}",
                    owner).status()).isEqualTo(201);
        }
        assertThat(api().post("/v1/orgs/hooks-rules/webhooks", "{\"url\":\"" + receiver.url("/r") + "\"}", owner)
                .json().get("type").asText()).endsWith("webhook-endpoint-limit-reached");
        JsonNode list = api().get("/v1/orgs/hooks-rules/webhooks", owner).json();
        assertThat(list.get("items")).hasSize(10);
        assertThat(list.toString()).doesNotContain("whsec_");
        String id = list.get("items").get(0).get("id").asText();
        JsonNode changed = send("PATCH", "/v1/orgs/hooks-rules/webhooks/" + id, owner,
                "{\"enabled\":false,\"types\":[\"member.added\"]}").json();
        assertThat(changed.get("enabled").asBoolean()).isFalse();
        assertThat(changed.get("types")).hasSize(1);
        assertThat(send("PATCH", "/v1/orgs/hooks-rules/webhooks/" + id, owner, "{\"enabled\":true}").json()
                .get("enabled").asBoolean()).as("enabled again").isTrue();
        assertThat(send("DELETE", "/v1/orgs/hooks-rules/webhooks/" + id, owner).status()).isEqualTo(204);
        assertThat(api().get("/v1/orgs/hooks-rules/webhooks/" + id, owner).status()).isEqualTo(404);
        assertThat(api().post("/v1/orgs/hooks-rules/webhooks", "{\"url\":\"" + receiver.url("/r") + "\"}", owner)
                .status()).as("room again after a delete").isEqualTo(201);
    }

    /** The id of an endpoint added to {@code org} for the receiver's {@code path}, taking {@code types}. */
    private String endpointId(String org, String owner, String path, String types) {
        return endpoint(org, owner, path, types).get("endpoint").get("id").asText();
    }

    private JsonNode endpoint(String org, String owner, String path, String types) {
        Api.Reply created = api().post("/v1/orgs/" + org + "/webhooks", "{\"url\":\"" + receiver.url(path)
                + "\",\"description\":\"test receiver\",\"types\":" + types + "}", owner);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    private void moveDeliveriesClock(Duration by) {
        ((MovableWebhookClock) deliveriesClock).advance(by);
    }

    private List<ScriptedWebhookReceiver.Received> receivedOn(String path) {
        return receiver.received().stream().filter(r -> r.path().equals(path)).toList();
    }

    private Set<String> acceptedIds(String path) {
        return receiver.accepted().stream().filter(r -> r.path().equals(path)).map(ScriptedWebhookReceiver.Received::id)
                .collect(Collectors.toSet());
    }

    private List<JsonNode> deliveries(String org, String endpoint, String owner) {
        List<JsonNode> all = new ArrayList<>();
        api().get("/v1/orgs/" + org + "/webhooks/" + endpoint + "/deliveries", owner).json().get("items")
                .forEach(all::add);
        return all;
    }

    /** The feed's events from the endpoint's own creation on. */
    private List<JsonNode> feedFrom(String org, String owner, String endpoint) {
        List<JsonNode> all = new ArrayList<>();
        api().get("/v1/orgs/" + org + "/events", owner).json().get("items").forEach(all::add);
        int start = 0;
        for (int i = 0; i < all.size(); i++) {
            JsonNode targets = all.get(i).get("data").get("targets");
            if (all.get(i).get("type").asText().equals("webhook_endpoint.created")
                    && targets.get(0).get("id").asText().equals(endpoint)) {
                start = i;
            }
        }
        return all.subList(start, all.size());
    }

    private List<JsonNode> events(String org, String owner, String type) {
        List<JsonNode> all = new ArrayList<>();
        api().get("/v1/orgs/" + org + "/events?types=" + type, owner).json().get("items").forEach(all::add);
        return all;
    }

    private String feedText(String org, String owner) {
        return api().get("/v1/orgs/" + org + "/events", owner).body();
    }

    private Api.Reply send(String method, String path, String token) {
        return api().send(api().request(path, token).method(method, HttpRequest.BodyPublishers.noBody()));
    }

    private Api.Reply send(String method, String path, String token, String json) {
        return api().send(api().request(path, token).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(json)));
    }

    private static JsonNode json(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
