package dev.enclave.app.infra.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.table.TableDesign;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items a deleted organisation left behind under its id (a restore, a repair, a walk that missed them) never act in
 * the life of the organisation created again under that id: the deletion job of the old life does not walk the new
 * one, an invitation of the old life is not accepted in it, its assignment does not pass for this life's, and its
 * membership is no member. Each leftover is made by stamping an item with
 * another life's incarnation; the scheduled job poll is held off so the test polls when it means to.
 */
@MicronautTest(environments = "local")
class PredecessorLeftoversIT extends LocalStackTest {

    @Inject
    RunningJobs runner;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.jobs.first-poll", "1h", "enclave.jobs.poll-interval", "1h");
    }

    @Test
    void aDeletionJobOfAPredecessor_isDropped_andWalksNothingOfTheSuccessor() {
        String owner = journeys().organisation("lo-job");
        journeys().join("lo-job", owner, "bob");
        Instant now = Instant.now();
        Map<String, AttributeValue> job = new HashMap<>(Map.of("PK", s("TENANT#lo-job#"), "SK", s("JOB#DELETE"),
                "type", s("job"), "tenant", s("lo-job"), "kind", s("DELETE"), "state", s("RUNNING"),
                "version", n(1), "pass", n(1), "processed", n(0), "recordedAt", s(now.toString())));
        job.putAll(Map.of("leaseUntil", n(now.toEpochMilli()), "incarnation", s("predecessor"),
                TableDesign.BY_OWED_WORK.partitionKey(), s(TableDesign.OWED_WORK),
                TableDesign.BY_OWED_WORK.sortKey(), s(SortableTime.format(now) + "#lo-job#DELETE")));
        platform.putItem(put -> put.tableName(tableName).item(job));
        indexesCaughtUp();

        runner.poll();

        assertThat(api().get("/v1/orgs/lo-job/members/bob", owner).status()).as("the successor's member")
                .isEqualTo(200);
        assertThat(api().get("/v1/orgs/lo-job", owner).status()).isEqualTo(200);
        assertThat(platform.getItem(get -> get.tableName(tableName).consistentRead(true)
                .key(Map.of("PK", s("TENANT#lo-job#"), "SK", s("JOB#DELETE")))).hasItem())
                .as("the job of a life that is gone leaves the index").isFalse();
    }

    @Test
    void anInvitationOfAPredecessor_isNotAccepted() {
        String owner = journeys().organisation("lo-invite");
        Api.Reply invited = journeys().invite("lo-invite", owner, "alice");
        String id = invited.json().get("invitation").get("id").asText();
        platform.updateItem(update -> update.tableName(tableName)
                .key(Map.of("PK", s("TENANT#lo-invite#"), "SK", s("INVITATION#" + id)))
                .updateExpression("SET #life = :other").expressionAttributeNames(Map.of("#life", "incarnation"))
                .expressionAttributeValues(Map.of(":other", s("predecessor"))));

        Api.Reply accepted = api().post("/v1/invitations/accept", "{\"token\":\""
                + invited.json().get("token").asText() + "\"}", journeys().member("alice"));

        assertThat(accepted.status()).as(accepted.body()).isNotEqualTo(200);
        assertThat(api().get("/v1/orgs/lo-invite/members/alice", owner).status()).isEqualTo(404);
    }

    @Test
    void anAssignmentOfAPredecessor_isReplacedByOneOfThisLife_withItsEvent() {
        String owner = journeys().organisation("lo-assign");
        journeys().join("lo-assign", owner, "bob");
        assertThat(api().post("/v1/orgs/lo-assign/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner)
                .status()).isEqualTo(201);
        String assignment = "/v1/orgs/lo-assign/services/svc/groups/readers/members/bob";
        assertThat(api().send(api().request(assignment, owner).PUT(java.net.http.HttpRequest.BodyPublishers
                .noBody())).status()).isEqualTo(204);
        Map<String, AttributeValue> item = platform.query(query -> query.tableName(tableName).consistentRead(true)
                .keyConditionExpression("PK = :pk").filterExpression("#type = :assignment")
                .expressionAttributeNames(Map.of("#type", "type"))
                .expressionAttributeValues(Map.of(":pk", s("TENANT#lo-assign#"), ":assignment",
                        s("service-assignment")))).items().get(0);
        platform.updateItem(update -> update.tableName(tableName)
                .key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))).updateExpression("SET #life = :other")
                .expressionAttributeNames(Map.of("#life", "incarnation"))
                .expressionAttributeValues(Map.of(":other", s("predecessor"))));

        assertThat(api().send(api().request(assignment, owner).PUT(java.net.http.HttpRequest.BodyPublishers
                .noBody())).status()).isEqualTo(204);

        assertThat(api().get("/v1/orgs/lo-assign/events?types=service_group.member_added", owner).json()
                .get("items")).as("the leftover did not pass for this life's assignment").hasSize(2);
        assertThat(api().get("/v1/orgs/lo-assign/services/svc/groups/readers/members", owner).body())
                .contains("bob");
    }

    @Test
    void aMembershipOfAPredecessor_isNoMember() {
        String owner = journeys().organisation("lo-member");
        journeys().join("lo-member", owner, "bob");
        Map<String, AttributeValue> item = platform.query(query -> query.tableName(tableName).consistentRead(true)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :member)").filterExpression("userId = :bob")
                .expressionAttributeValues(Map.of(":pk", s("TENANT#lo-member#"), ":member", s("MEMBER#"),
                        ":bob", s("bob")))).items().get(0);
        platform.updateItem(update -> update.tableName(tableName)
                .key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))).updateExpression("SET #life = :other")
                .expressionAttributeNames(Map.of("#life", "incarnation"))
                .expressionAttributeValues(Map.of(":other", s("predecessor"))));

        assertThat(api().get("/v1/orgs/lo-member/members/bob", owner).status()).isEqualTo(404);
        assertThat(api().get("/v1/orgs/lo-member/members", owner).body()).doesNotContain("\"bob\"");
        assertThat(api().send(api().request("/v1/orgs/lo-member/members/bob", owner).DELETE()).status())
                .as("nothing to remove, and no seat freed").isEqualTo(404);
    }

    @Test
    void aMembershipAndAnInvitationOfAPredecessor_stopNobodyJoiningThisLife() {
        String owner = journeys().organisation("lo-rejoin");
        journeys().join("lo-rejoin", owner, "bob");
        String carlInvitation = journeys().invite("lo-rejoin", owner, "carl").json().at("/invitation/id").asText();
        for (Map<String, AttributeValue> item : platform.query(query -> query.tableName(tableName)
                .consistentRead(true).keyConditionExpression("PK = :pk").expressionAttributeValues(Map.of(":pk",
                        s("TENANT#lo-rejoin#")))).items()) {
            String sort = item.get("SK").s();
            if (sort.equals("MEMBER_EMAIL#" + EmailKey.of(Email.of("bob@example.com")).digest())
                    || sort.startsWith("MEMBER#") && item.get("userId").s().equals("bob")
                    || sort.startsWith("INVITEE#") || sort.equals("INVITATION#" + carlInvitation)) {
                relabel(item);
            }
        }

        Api.Reply bobAgain = journeys().invite("lo-rejoin", owner, "bob");
        Api.Reply carlAgain = journeys().invite("lo-rejoin", owner, "carl");

        assertThat(bobAgain.status()).as(bobAgain.body()).isEqualTo(201);
        assertThat(api().post("/v1/invitations/accept", "{\"token\":\"" + bobAgain.json().get("token").asText()
                + "\"}", journeys().member("bob")).status()).isEqualTo(200);
        assertThat(api().get("/v1/orgs/lo-rejoin/members/bob", owner).status()).isEqualTo(200);
        assertThat(carlAgain.status()).as(carlAgain.body()).isEqualTo(201);
        assertThat(platform.getItem(get -> get.tableName(tableName).consistentRead(true).key(Map.of("PK",
                s("TENANT#lo-rejoin#"), "SK", s("INVITATION#" + carlInvitation)))).item().get("status").s())
                .as("another life's invitation is not this one's to supersede").isEqualTo("PENDING");
    }

    @Test
    void groupDefinitionsOfAPredecessor_stopNobodyDefiningThisLifesGroups() {
        String owner = journeys().organisation("lo-groups");
        assertThat(api().post("/v1/orgs/lo-groups/groups", "{\"id\":\"old\",\"permissions\":[\"org:read\"]}",
                owner).status()).isEqualTo(201);
        relabel(platform.getItem(get -> get.tableName(tableName).consistentRead(true)
                .key(Map.of("PK", s("TENANT#lo-groups#"), "SK", s("GROUPS")))).item());

        Api.Reply defined = api().post("/v1/orgs/lo-groups/groups", "{\"id\":\"new\",\"permissions\":"
                + "[\"org:read\"]}", owner);

        assertThat(defined.status()).as(defined.body()).isEqualTo(201);
        assertThat(api().get("/v1/orgs/lo-groups/groups", owner).body()).contains("\"new\"")
                .doesNotContain("\"old\"");
    }

    @Test
    void eventsOfAPredecessorPastTheHead_doNotMoveTheFeedPastPlacesThisLifeFillsNext() {
        String owner = journeys().organisation("lo-feed");
        long last = Long.parseLong(platform.getItem(get -> get.tableName(tableName).consistentRead(true)
                .key(Map.of("PK", s("TENANT#lo-feed#"), "SK", s("EVENTS")))).item().get("last").n());
        for (long place = last + 1; place <= last + 3; place++) {
            String sort = String.format("EVENT#%019d", place);
            platform.putItem(put -> put.tableName(tableName).item(Map.of("PK", s("TENANT#lo-feed#"),
                    "SK", s(sort), "incarnation", s("predecessor"), "type", s("event"))));
        }
        String cursor = api().get("/v1/orgs/lo-feed/events", owner).json().get("cursor").asText();

        assertThat(api().post("/v1/orgs/lo-feed/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner).status())
                .isEqualTo(201);

        assertThat(api().get("/v1/orgs/lo-feed/events?after=" + cursor, owner).json().get("items")
                .findValuesAsText("type")).as("the place the leftover held, filled by this life").contains(
                        "service.created");
    }

    /** Stamps {@code item} as another life's. */
    private void relabel(Map<String, AttributeValue> item) {
        platform.updateItem(update -> update.tableName(tableName)
                .key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))).updateExpression("SET #life = :other")
                .expressionAttributeNames(Map.of("#life", "incarnation"))
                .expressionAttributeValues(Map.of(":other", s("predecessor"))));
    }

    @Test
    void anApiKeyOfAPredecessor_isNotRevoked_andTheKeyCountStays() {
        String owner = journeys().organisation("lo-key");
        String keyId = api().post("/v1/orgs/lo-key/api-keys", "{\"name\":\"ci\",\"access\":\"read\"}", owner).json()
                .get("id").asText();
        Map<String, AttributeValue> organisation = Map.of("PK", s("TENANT#lo-key#"), "SK", s("ORG"));
        platform.updateItem(update -> update.tableName(tableName)
                .key(Map.of("PK", s("TENANT#lo-key#"), "SK", s("APIKEY#" + keyId))).updateExpression("SET #life = :other")
                .conditionExpression("attribute_exists(PK)").expressionAttributeNames(Map.of("#life", "incarnation"))
                .expressionAttributeValues(Map.of(":other", s("predecessor"))));
        String counted = platform.getItem(get -> get.tableName(tableName).key(organisation).consistentRead(true))
                .item().get("apiKeys").n();

        assertThat(api().send(api().request("/v1/orgs/lo-key/api-keys/" + keyId, owner).DELETE()).status())
                .as("no key of this life to revoke").isEqualTo(404);
        assertThat(platform.getItem(get -> get.tableName(tableName).key(organisation).consistentRead(true)).item()
                .get("apiKeys").n()).as("no count lowered that this life never raised").isEqualTo(counted);
    }

    @Test
    void anEventLogHeadOfAPredecessor_isTakenOver_byTheOrganisationCreatedUnderItsId() {
        platform.putItem(put -> put.tableName(tableName).item(Map.of("PK", s("TENANT#lo-head#"), "SK", s("EVENTS"),
                "incarnation", s("predecessor"), "last", n(40), "retentionDays", n(365))));
        platform.putItem(put -> put.tableName(tableName).item(Map.of("PK", s("TENANT#lo-head#"),
                "SK", s(String.format("EVENT#%019d", 1)), "incarnation", s("predecessor"), "type", s("event"))));

        String owner = journeys().organisation("lo-head");
        Api.Reply created = api().post("/v1/orgs/lo-head/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode feed = api().get("/v1/orgs/lo-head/events", owner).json().get("items");
        assertThat(feed.findValuesAsText("type")).as("this life's log, from its first place")
                .startsWith("organisation.created").contains("service.created");
        assertThat(platform.getItem(get -> get.tableName(tableName).consistentRead(true)
                .key(Map.of("PK", s("TENANT#lo-head#"), "SK", s("EVENTS")))).item())
                .as("the predecessor's retention is not this life's").doesNotContainKey("retentionDays")
                .containsEntry("last", n(feed.size()));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
