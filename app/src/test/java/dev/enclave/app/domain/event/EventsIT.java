package dev.enclave.app.domain.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.InFlight;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.SecondInstance;
import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every workflow records its event in the same transaction as its change, once; a refused or failed write records
 * none; the feed answers them in commit order with places 1, 2, 3, ...
 */
@MicronautTest(environments = "local")
class EventsIT extends LocalStackTest {

    @Test
    void everyWorkflow_recordsItsEventOnce_inCommitOrder() {
        String ada = tokens().mint("ada", "ada@example.com");
        String bob = tokens().mint("bob", "bob@example.com");
        String org = "ev-life";
        String base = "/v1/orgs/" + org;
        Api.Reply created = api().post("/v1/orgs", "{\"id\":\"" + org + "\",\"name\":\"Life\"}", ada);
        assertThat(created.status()).isEqualTo(201);
        accept(invite(org, ada, "bob"), bob);
        assertThat(put(base + "/members/bob/groups/admin", ada).status()).isEqualTo(200);
        assertThat(put(base + "/members/bob/groups/admin", ada).status()).isEqualTo(200);
        assertThat(delete(base + "/members/bob/groups/admin", ada).status()).isEqualTo(200);
        Api.Reply service = api().post(base + "/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", ada);
        assertThat(service.status()).isEqualTo(201);
        assertThat(patch(base + "/services/billing", "{\"name\":\"Billing 2\"}", ada, service.header("ETag"))
                .status()).isEqualTo(200);
        assertThat(put(base + "/services/billing/groups/readers/members/bob", ada).status()).isEqualTo(204);
        assertThat(delete(base + "/services/billing/groups/readers/members/bob", ada).status()).isEqualTo(204);
        assertThat(api().post(base + "/services", "{\"id\":\"scratch\",\"name\":\"Scratch\"}", ada).status())
                .isEqualTo(201);
        assertThat(delete(base + "/services/scratch", ada).status()).isEqualTo(204);
        JsonNode key = api().post(base + "/api-keys", "{\"name\":\"worker\",\"access\":\"read\","
                + "\"permissions\":[\"events:read\"]}", ada).json();
        Api.Reply backend = api().send(api().request("/v1/backend/credentials", null)
                .header("Authorization", key.get("secret").asText()).GET());
        assertThat(backend.status()).isEqualTo(200);
        assertThat(api().send(api().request("/v1/backend/credentials", null)
                .header("Authorization", key.get("secret").asText()).GET()).status())
                .as("a poll answered the same cached credentials again").isEqualTo(200);
        assertThat(api().post(base + "/credentials", "{\"access\":\"read\"}", ada).status()).isEqualTo(200);
        String etag = api().get(base, ada).header("ETag");
        assertThat(patch(base, "{\"name\":\"Life 2\"}", ada, etag).status()).isEqualTo(200);
        String carol = invite(org, ada, "carol").get("invitation").get("id").asText();
        assertThat(api().post(base + "/invitations/" + carol + "/resend", "", ada).status()).isEqualTo(200);
        assertThat(api().post(base + "/invitations/" + carol + "/revoke", "", ada).status()).isEqualTo(204);
        String dave = invite(org, ada, "dave").get("token").asText();
        assertThat(api().post("/v1/invitations/decline", "{\"token\":\"" + dave + "\"}",
                tokens().mint("dave", "dave@example.com")).status()).isEqualTo(204);
        assertThat(api().post(base + "/transfer-ownership", "{\"userId\":\"bob\"}", ada).status()).isEqualTo(204);
        assertThat(delete(base + "/members/ada", ada).status()).isEqualTo(204);
        assertThat(delete(base + "/api-keys/" + key.get("id").asText(), bob).status()).isEqualTo(204);
        String admin = platformAdmin();
        assertThat(api().post("/v1/admin/tenants/" + org + "/suspend", "", admin).status()).isEqualTo(204);
        assertThat(api().post("/v1/admin/tenants/" + org + "/resume", "", admin).status()).isEqualTo(204);
        assertThat(patch("/v1/admin/tenants/" + org, "{\"seats\":40}", admin, null).status()).isEqualTo(200);
        assertThat(put("/v1/admin/tenants/" + org + "/limits", "{\"requestsPerSecond\":5,\"concurrentRequests\":3}",
                admin).status()).isEqualTo(200);
        assertThat(put("/v1/admin/tenants/" + org + "/event-retention", "{\"days\":90}", admin).status())
                .isEqualTo(204);

        List<JsonNode> events = EventFeed.of(api(), org, bob).poll(7);

        assertThat(EventFeed.types(events)).containsExactly("organisation.created", "member.added",
                "invitation.sent", "invitation.accepted", "member.added", "member.groups_changed",
                "member.groups_changed", "service.created", "service.renamed", "service_group.member_added",
                "service_group.member_removed", "service.created", "service.deleted", "api_key.created", "api_key.used_first", "credentials.issued",
                "credentials.issued", "organisation.renamed", "invitation.sent", "invitation.resent",
                "invitation.revoked", "invitation.sent", "invitation.declined", "ownership.transferred",
                "member.removed", "api_key.revoked", "organisation.suspended", "organisation.resumed",
                "organisation.seats_changed", "organisation.limits_changed", "organisation.retention_changed");
        assertThat(events.stream().map(event -> event.get("sequence").asLong()))
                .containsExactlyElementsOf(IntStream.rangeClosed(1, events.size()).mapToObj(Long::valueOf).toList());
        assertThat(events).allSatisfy(event -> {
            assertThat(event.get("source").asText()).isEqualTo(base);
            assertThat(event.get("data").get("organisation").asText()).isEqualTo(org);
        });
        JsonNode groups = events.get(5).get("data");
        assertThat(groups.get("actor").get("type").asText()).isEqualTo("user");
        assertThat(groups.get("actor").get("id").asText()).isEqualTo("ada");
        assertThat(groups.get("actor").get("email").asText()).isEqualTo("ada@example.com");
        assertThat(groups.get("targets").get(0).get("id").asText()).isEqualTo("bob");
        assertThat(groups.get("changes").get("added").get(0).asText()).isEqualTo("admin");
        JsonNode renamed = events.get(8).get("data");
        assertThat(renamed.get("changes").get("name").get("before").asText()).isEqualTo("Billing");
        assertThat(renamed.get("changes").get("name").get("after").asText()).isEqualTo("Billing 2");
        assertThat(events.get(7).get("data").get("requestId").asText()).isEqualTo(service.header("X-Request-Id"));
        JsonNode byKey = events.get(15).get("data");
        assertThat(byKey.get("actor").get("type").asText()).isEqualTo("api_key");
        assertThat(byKey.get("actor").get("id").asText()).isEqualTo(key.get("id").asText());
        assertThat(byKey.get("changes").get("route").asText()).isEqualTo("/v1/backend/credentials");
        assertThat(events.get(28).get("data").get("changes").get("seats").get("before").asInt()).isEqualTo(25);
        assertThat(events.get(28).get("data").get("actor").get("type").asText()).isEqualTo("platform_admin");
        assertThat(retention(org, 30)).as("the default retention, enclave.events.retention-days").isEqualTo(30);
        assertThat(retention(org, 31)).as("the retention a platform admin set, from its own event on").isEqualTo(90);
        assertThat(events.toString()).doesNotContain(key.get("secret").asText())
                .doesNotContain(invite(org, bob, "erin").get("token").asText());
    }

    @Test
    void aHeadCachedInAPredecessorsLife_placesNothingWithThatLifesRetention_evenAtTheSamePlace() {
        String org = "ev-lives";
        String owner = journeys().organisation(org);
        String admin = platformAdmin();
        assertThat(put("/v1/admin/tenants/" + org + "/event-retention", "{\"days\":90}", admin).status())
                .as("this instance caches the head, with the predecessor's retention").isEqualTo(204);
        long place = lastPlace(org);
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            assertThat(other.api().send(other.api().request("/v1/orgs/" + org, owner).DELETE()).status())
                    .isEqualTo(202);
            await().atMost(Duration.ofSeconds(60)).until(() -> !platform.getItem(get -> get.tableName(tableName)
                    .consistentRead(true).key(Map.of("PK", AttributeValue.fromS("TENANT#" + org + "#"),
                            "SK", AttributeValue.fromS("ORG")))).hasItem());
            assertThat(other.api().post("/v1/orgs", "{\"id\":\"" + org + "\",\"name\":\"Again\"}", owner)
                    .status()).isEqualTo(201);
            for (int n = 0; lastPlace(org) < place; n++) {
                assertThat(other.api().post("/v1/orgs/" + org + "/services", "{\"id\":\"s" + n
                        + "\",\"name\":\"S\"}", owner).status()).isEqualTo(201);
            }
        }
        assertThat(lastPlace(org)).as("the successor's log is at the place the cached head saw").isEqualTo(place);

        assertThat(api().post("/v1/orgs/" + org + "/services", "{\"id\":\"here\",\"name\":\"Here\"}", owner)
                .status()).isEqualTo(201);

        assertThat(retention(org, place + 1)).as("the successor's retention, the default").isEqualTo(30);
    }

    @Test
    void twoRetentionChangesAtOnce_eachRecordsTheRetentionTheOtherLeft() {
        String org = "ev-retention-race";
        String owner = journeys().organisation(org);
        String admin = platformAdmin();
        String path = "/v1/admin/tenants/" + org + "/event-retention";
        EventFeed feed = EventFeed.of(api(), org, owner);
        feed.poll(100);
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            AtomicInteger meanwhile = new AtomicInteger();
            Api.Reply late = InFlight.heldWhile(faults, org, () -> put(path, "{\"days\":60}", admin), () ->
                    meanwhile.set(other.api().send(other.api().request(path, admin)
                            .header("Content-Type", "application/json")
                            .PUT(HttpRequest.BodyPublishers.ofString("{\"days\":90}"))).status()));

            assertThat(meanwhile.get()).isEqualTo(204);
            assertThat(late.status()).as(late.body()).isEqualTo(204);
        }

        List<JsonNode> changes = feed.poll(100);
        assertThat(EventFeed.types(changes)).containsExactly("organisation.retention_changed",
                "organisation.retention_changed");
        JsonNode first = changes.get(0).get("data").get("changes").get("retentionDays");
        JsonNode second = changes.get(1).get("data").get("changes").get("retentionDays");
        assertThat(first.get("before").asInt()).as("the platform's default").isEqualTo(30);
        assertThat(second.get("before").asInt()).as("what the first change left").isEqualTo(first.get("after").asInt());
        assertThat(retention(org, lastPlace(org))).isEqualTo(second.get("after").asLong());
    }

    @Test
    void refusedWrites_recordNothing() {
        String owner = journeys().organisation("ev-refused");
        String base = "/v1/orgs/ev-refused";
        journeys().join("ev-refused", owner, "bob");
        assertThat(api().post(base + "/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner).status())
                .isEqualTo(201);
        EventFeed feed = EventFeed.of(api(), "ev-refused", owner);
        int before = feed.poll(100).size();

        assertThat(put(base + "/members/stranger/groups/admin", owner).status()).isEqualTo(404);
        assertThat(delete(base + "/members/owner-ev-refused/groups/owner", owner).status()).isEqualTo(409);
        assertThat(api().post(base + "/invitations", "{\"email\":\"bob@example.com\"}", owner).status())
                .isEqualTo(409);
        assertThat(api().post(base + "/services", "{\"id\":\"svc\",\"name\":\"Again\"}", owner).status())
                .isEqualTo(409);
        assertThat(put(base + "/services/nosuch/groups/g/members/bob", owner).status()).isEqualTo(404);

        assertThat(feed.poll(100)).isEmpty();
        assertThat(before).isEqualTo(6);
    }

    @Test
    void pollsOfOneSetOfCredentials_whileItsHandoutIsBeingRecorded_recordItOnce() {
        String owner = journeys().organisation("ev-polls");
        String secret = api().post("/v1/orgs/ev-polls/api-keys", "{\"name\":\"worker\",\"access\":\"read\"}",
                owner).json().get("secret").asText();
        assertThat(backend("/v1/backend/namespace", secret).status()).as("the key's first use").isEqualTo(200);
        EventFeed feed = EventFeed.of(api(), "ev-polls", owner);
        feed.poll(100);

        AtomicReference<Api.Reply> meanwhile = new AtomicReference<>();
        Api.Reply first = InFlight.heldWhile(faults, "ev-polls", () -> backend("/v1/backend/credentials", secret),
                () -> meanwhile.set(backend("/v1/backend/credentials", secret)));

        assertThat(first.status()).isEqualTo(200);
        assertThat(meanwhile.get().status()).isEqualTo(200);
        assertThat(meanwhile.get().json().get("AccessKeyId")).isEqualTo(first.json().get("AccessKeyId"));
        assertThat(EventFeed.types(feed.poll(100))).containsExactly("credentials.issued");
    }

    private Api.Reply backend(String path, String secret) {
        return api().send(api().request(path, null).header("Authorization", secret).GET());
    }

    @Test
    void changesToWhatIsAlready_recordNothing_andAssignmentsOnceEach() {
        String owner = journeys().organisation("ev-same");
        String base = "/v1/orgs/ev-same";
        journeys().join("ev-same", owner, "bob");
        Api.Reply service = api().post(base + "/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner);
        assertThat(service.status()).isEqualTo(201);
        EventFeed feed = EventFeed.of(api(), "ev-same", owner);
        feed.poll(100);

        assertThat(put(base + "/services/svc/groups/readers/members/bob", owner).status()).isEqualTo(204);
        assertThat(put(base + "/services/svc/groups/readers/members/bob", owner).status()).as("already in it")
                .isEqualTo(204);
        assertThat(delete(base + "/services/svc/groups/readers/members/bob", owner).status()).isEqualTo(204);
        assertThat(delete(base + "/services/svc/groups/readers/members/bob", owner).status()).as("already out")
                .isEqualTo(204);
        Api.Reply organisation = api().get(base, owner);
        assertThat(patch(base, "{\"name\":\"" + organisation.json().get("name").asText() + "\"}", owner,
                organisation.header("ETag")).status()).isEqualTo(200);
        assertThat(patch(base + "/services/svc", "{\"name\":\"Svc\"}", owner, service.header("ETag")).status())
                .isEqualTo(200);
        assertThat(put(base + "/invitation-delivery", "{\"delivery\":\"token\"}", owner).status()).isEqualTo(200);
        assertThat(put(base + "/invitation-delivery", "{\"delivery\":\"webhook\"}", owner).status())
                .isEqualTo(200);
        assertThat(put(base + "/invitation-delivery", "{\"delivery\":\"webhook\"}", owner).status())
                .isEqualTo(200);

        String admin = platformAdmin();
        assertThat(put("/v1/admin/tenants/ev-same/event-retention", "{\"days\":90}", admin).status()).isEqualTo(204);
        assertThat(put("/v1/admin/tenants/ev-same/event-retention", "{\"days\":90}", admin).status()).isEqualTo(204);

        List<JsonNode> events = feed.poll(100);
        assertThat(EventFeed.types(events)).containsExactly("service_group.member_added",
                "service_group.member_removed", "organisation.invitation_delivery_changed",
                "organisation.retention_changed");
        JsonNode retention = events.get(3).get("data").get("changes").get("retentionDays");
        assertThat(retention.get("before").asInt()).as("the platform's default").isEqualTo(30);
        assertThat(retention.get("after").asInt()).isEqualTo(90);
        JsonNode delivery = events.get(2).get("data").get("changes").get("invitationDelivery");
        assertThat(delivery.get("before").asText()).isEqualTo("token");
        assertThat(delivery.get("after").asText()).isEqualTo("webhook");
        assertThat(api().get(base, owner).header("ETag")).as("the organisation's version did not move")
                .isEqualTo(organisation.header("ETag"));
    }

    @Test
    void eventsSayWhatWentWithTheChange_supersededInvitations_andServiceGroupsAssignedOrRemoved() {
        String owner = journeys().organisation("ev-with");
        String base = "/v1/orgs/ev-with";
        assertThat(api().post(base + "/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner).status())
                .isEqualTo(201);
        EventFeed feed = EventFeed.of(api(), "ev-with", owner);
        feed.poll(100);
        String first = api().post(base + "/invitations", "{\"email\":\"carol@example.com\"}", owner).json()
                .get("invitation").get("id").asText();
        Api.Reply second = api().post(base + "/invitations", "{\"email\":\"carol@example.com\","
                + "\"serviceGroups\":[\"svc/readers\"]}", owner);
        accept(second.json(), journeys().member("carol"));
        assertThat(delete(base + "/members/carol", owner).status()).isEqualTo(204);

        List<JsonNode> events = feed.poll(100);
        assertThat(EventFeed.types(events)).containsExactly("invitation.sent", "invitation.sent",
                "invitation.accepted", "member.added", "member.removed");
        assertThat(events.get(0).get("data").get("changes").has("supersedes")).isFalse();
        assertThat(events.get(1).get("data").get("changes").get("supersedes").asText()).isEqualTo(first);
        assertThat(events.get(2).get("data").get("changes").get("serviceGroups").get(0).asText())
                .isEqualTo("svc/readers");
        assertThat(events.get(4).get("data").get("changes").get("serviceGroups").get(0).asText())
                .as("the assignment that went with the member").isEqualTo("svc/readers");
    }

    @Test
    void aWriteThatFails_recordsNothing_andTheNextOneTakesTheNextPlace() {
        String owner = journeys().organisation("ev-fault");
        EventFeed feed = EventFeed.of(api(), "ev-fault", owner);
        List<JsonNode> first = feed.poll(100);
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of("ev-fault"),
                GatewayFaults.Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, Integer.MAX_VALUE));

        Api.Reply failed = api().post("/v1/orgs/ev-fault/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner);
        faults.clear();
        Api.Reply retried = api().post("/v1/orgs/ev-fault/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner);

        assertThat(failed.status()).isEqualTo(503);
        assertThat(retried.status()).isEqualTo(201);
        List<JsonNode> after = feed.poll(100);
        assertThat(EventFeed.types(after)).containsExactly("service.created");
        assertThat(after.get(0).get("sequence").asLong()).isEqualTo(first.size() + 1);
    }

    /** The last place taken in {@code org}'s log, as its head holds it (0 before the first event). */
    private long lastPlace(String org) {
        Map<String, AttributeValue> head = platform.getItem(b -> b.tableName(tableName).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS("TENANT#" + org + "#"), "SK", AttributeValue.fromS("EVENTS"))))
                .item();
        return head.containsKey("last") ? Long.parseLong(head.get("last").n()) : 0;
    }

    /** Days between the event at {@code place} being recorded and its TTL, as stored. */
    private long retention(String org, long place) {
        Map<String, AttributeValue> item = platform.getItem(b -> b.tableName(tableName).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS("TENANT#" + org + "#"),
                        "SK", AttributeValue.fromS(String.format("EVENT#%019d", place))))).item();
        Instant recorded = Instant.parse(item.get("time").s());
        return Duration.between(recorded, Instant.ofEpochSecond(Long.parseLong(item.get("expiresAt").n())))
                .plusSeconds(1).toDays();
    }

    private JsonNode invite(String org, String token, String user) {
        Api.Reply invited = api().post("/v1/orgs/" + org + "/invitations", "{\"email\":\"" + user
                + "@example.com\"}", token);
        assertThat(invited.status()).isEqualTo(201);
        return invited.json();
    }

    private void accept(JsonNode invitation, String token) {
        assertThat(api().post("/v1/invitations/accept", "{\"token\":\"" + invitation.get("token").asText() + "\"}",
                token).status()).isEqualTo(200);
    }

    private String platformAdmin() {
        return tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\","
                + "\"roles\":[\"platform-admin\"]}");
    }

    private Api.Reply put(String path, String token) {
        return put(path, "", token);
    }

    private Api.Reply put(String path, String json, String token) {
        return api().send(api().request(path, token).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    private Api.Reply delete(String path, String token) {
        return api().send(api().request(path, token).DELETE());
    }

    private Api.Reply patch(String path, String json, String token, String etag) {
        HttpRequest.Builder request = api().request(path, token).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json));
        if (etag != null) {
            request.header("If-Match", etag);
        }
        return api().send(request);
    }
}
