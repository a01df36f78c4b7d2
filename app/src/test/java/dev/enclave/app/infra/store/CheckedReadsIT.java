package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.UserKey;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items planted straight into the table, as a tenant holding credentials for its own partition (or a bug) could
 * write them: index entries pointing into another tenant's collection or user's list, and items that do not map.
 * Every endpoint reading them skips them, counts them, and still answers.
 */
@MicronautTest(environments = "local")
class CheckedReadsIT extends LocalStackTest {

    private static final String ISSUER = "enclave-local";

    @Inject
    MeterRegistry meters;

    @Test
    void listInvitations_whenAnotherTenantPlantsAnEntryInTheCollection_doesNotShowIt() {
        String owner = journeys().organisation("chk-inv-victim");
        String real = journeys().invite("chk-inv-victim", owner, "bob").json().get("invitation").get("id").asText();
        plant(stored("TENANT#chk-inv-victim#", "INVITATION#" + real), "PK", "TENANT#chk-inv-evil#",
                "SK", "INVITATION#planted", "id", "planted", "GSI1SK", "9999#planted");
        indexesCaughtUp();
        double before = skipped("invitation", "foreign-key");

        Api.Reply listed = api().get("/v1/orgs/chk-inv-victim/invitations", owner);

        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.json().findValuesAsText("id")).containsExactly(real);
        assertThat(skipped("invitation", "foreign-key")).isEqualTo(before + 1);
    }

    @Test
    void myOrganisations_whenAnotherTenantPlantsEntriesUnderTheCallersKey_listsOnlyTheirOwn() {
        String ada = journeys().organisation("chk-orgs-mine");
        String adaDigest = UserKey.of(ISSUER, "owner-chk-orgs-mine").digest();
        plant(stored("TENANT#chk-orgs-mine#", "MEMBER#" + adaDigest), "PK", "TENANT#chk-orgs-evil#",
                "GSI2SK", "ORG#chk-orgs-fake", "tenant", "chk-orgs-fake", "orgName", "Fake");
        plant(Map.of("PK", s("TENANT#chk-orgs-evil#"), "SK", s("MEMBER#incomplete"),
                "GSI2PK", s("USER#" + adaDigest + "#"), "GSI2SK", s("ORG#chk-orgs-fake2")));
        indexesCaughtUp();
        double before = skipped("membership", "foreign-key");

        Api.Reply mine = api().get("/v1/me/orgs", ada);

        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.json().findValuesAsText("organisation")).containsExactly("chk-orgs-mine");
        assertThat(skipped("membership", "foreign-key")).isEqualTo(before + 2);
    }

    @Test
    void myInvitations_whenAnotherTenantPlantsAnEntryUnderTheCallersEmail_listsOnlyRealOnes() {
        String owner = journeys().organisation("chk-myinv");
        String real = journeys().invite("chk-myinv", owner, "cleo").json().get("invitation").get("id").asText();
        plant(stored("TENANT#chk-myinv#", "INVITATION#" + real), "PK", "TENANT#chk-myinv-evil#",
                "SK", "INVITATION#planted", "id", "planted", "GSI2SK", "INVITATION#chk-myinv-fake#planted",
                "tenant", "chk-myinv-fake");
        plant(Map.of("PK", s("TENANT#chk-myinv-evil#"), "SK", s("INVITATION#incomplete"),
                "GSI2PK", s(EmailKey.of(dev.enclave.identity.Email.of("cleo@example.com")).prefix().value()),
                "GSI2SK", s("INVITATION#chk-myinv#incomplete")));
        indexesCaughtUp();
        double before = skipped("invitation", "foreign-key");

        Api.Reply mine = api().get("/v1/me/invitations", journeys().member("cleo"));

        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.json().findValuesAsText("id")).containsExactly(real);
        assertThat(skipped("invitation", "foreign-key")).isEqualTo(before + 2);
    }

    @Test
    void removeMember_whenAssignmentsAreForeignOrMalformed_stillRemovesAndLeavesThemAlone() {
        String owner = journeys().organisation("chk-remove");
        journeys().join("chk-remove", owner, "dan");
        String danDigest = UserKey.of(ISSUER, "dan").digest();
        String danAssignments = "TENANT#chk-remove#MEMBER#" + danDigest;
        plant(Map.of("PK", s("TENANT#chk-remove-evil#"), "SK", s("SVCGROUP#s#g#MEMBER#" + danDigest),
                "GSI1PK", s(danAssignments), "GSI1SK", s("SVCGROUP#s#g")));
        plant(Map.of("PK", s("TENANT#chk-remove#"), "SK", s("JUNK#1"), "GSI1PK", s(danAssignments),
                "GSI1SK", s("JUNK")));
        indexesCaughtUp();
        double foreign = skipped("assignment", "foreign-key");
        double malformed = skipped("assignment", "malformed");

        Api.Reply removed = api().send(api().request("/v1/orgs/chk-remove/members/dan", owner).DELETE());

        assertThat(removed.status()).isEqualTo(204);
        assertThat(api().get("/v1/orgs/chk-remove/members/dan", owner).status()).isEqualTo(404);
        assertThat(stored("TENANT#chk-remove-evil#", "SVCGROUP#s#g#MEMBER#" + danDigest)).isNotEmpty();
        assertThat(stored("TENANT#chk-remove#", "JUNK#1")).as("not an assignment: not deleted with one").isNotEmpty();
        assertThat(skipped("assignment", "foreign-key")).isEqualTo(foreign + 1);
        assertThat(skipped("assignment", "malformed")).isEqualTo(malformed + 1);
    }

    @Test
    void ownPartition_withMalformedItems_listsSkipThem_andNothingAnswers5xx() {
        String owner = journeys().organisation("chk-junk");
        String real = journeys().invite("chk-junk", owner, "erin").json().get("invitation").get("id").asText();
        String ownerDigest = UserKey.of(ISSUER, "owner-chk-junk").digest();
        plant(stored("TENANT#chk-junk#", "MEMBER#" + ownerDigest), "SK",
                "MEMBER#" + UserKey.of(ISSUER, "fay").digest(), "userId", "fay", "groups", null, "GSI2PK", null,
                "GSI2SK", null);
        plant(stored("TENANT#chk-junk#", "INVITATION#" + real), "SK", "INVITATION#garbage", "id", "garbage",
                "validUntil", "soon", "GSI2PK", null, "GSI2SK", null);
        plant(Map.of("PK", s("TENANT#chk-junk#"), "SK", s("SVC#broken"), "id", s("broken"),
                "name", AttributeValue.fromN("7"), "version", s("one")));
        indexesCaughtUp();
        double members = skipped("membership", "malformed");
        double invitations = skipped("invitation", "malformed");
        double services = skipped("service", "malformed");

        Api.Reply memberList = api().get("/v1/orgs/chk-junk/members", owner);
        Api.Reply invitationList = api().get("/v1/orgs/chk-junk/invitations", owner);
        Api.Reply serviceList = api().get("/v1/orgs/chk-junk/services", owner);
        Api.Reply fay = api().get("/v1/orgs/chk-junk/members/fay", owner);
        Api.Reply asFay = api().get("/v1/orgs/chk-junk", journeys().member("fay"));
        Api.Reply asStranger = api().get("/v1/orgs/chk-junk", journeys().member("stranger"));

        assertThat(memberList.status()).isEqualTo(200);
        assertThat(memberList.json().get("items").findValuesAsText("userId")).containsExactly("owner-chk-junk");
        assertThat(invitationList.status()).isEqualTo(200);
        assertThat(invitationList.json().findValuesAsText("id")).containsExactly(real);
        assertThat(serviceList.status()).isEqualTo(200);
        assertThat(serviceList.json().get("items")).isEmpty();
        assertThat(fay.status()).isEqualTo(404);
        assertThat(asFay.status()).as("a membership that does not map is none").isEqualTo(asStranger.status());
        assertThat(skipped("membership", "malformed")).isEqualTo(members + 3);
        assertThat(skipped("invitation", "malformed")).isEqualTo(invitations + 1);
        assertThat(skipped("service", "malformed")).isEqualTo(services + 1);
    }

    @Test
    void aPageOfOnlySkippedItems_stillLeadsToTheNextPage() {
        String owner = journeys().organisation("chk-pages");
        journeys().join("chk-pages", owner, "ivy");
        String ownerDigest = UserKey.of(ISSUER, "owner-chk-pages").digest();
        plant(stored("TENANT#chk-pages#", "MEMBER#" + ownerDigest), "SK", "MEMBER#" + "2".repeat(26),
                "incarnation", "predecessor", "GSI2PK", null, "GSI2SK", null);
        plant(stored("TENANT#chk-pages#", "MEMBER#" + ownerDigest), "PK", "TENANT#chk-pages-evil#",
                "GSI2SK", "ORG#000");
        indexesCaughtUp();

        Api.Reply firstMembers = api().get("/v1/orgs/chk-pages/members?limit=1", owner);
        Api.Reply firstOrganisations = api().get("/v1/me/orgs?limit=1", owner);

        assertThat(firstMembers.json().get("items")).as("a predecessor's leftover, skipped").isEmpty();
        assertThat(firstMembers.json().get("nextCursor").isTextual()).as("and the list goes on").isTrue();
        assertThat(walk("/v1/orgs/chk-pages/members?limit=1", owner, "userId"))
                .containsExactlyInAnyOrder("owner-chk-pages", "ivy");
        assertThat(firstOrganisations.json().get("items")).as("another tenant's entry, skipped").isEmpty();
        assertThat(firstOrganisations.json().get("nextCursor").isTextual()).as("and the list goes on").isTrue();
        assertThat(walk("/v1/me/orgs?limit=1", owner, "organisation")).containsExactly("chk-pages");
    }

    /** Every item's {@code field} on every page from {@code path}, following each page's cursor. */
    private List<String> walk(String path, String token, String field) {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            Api.Reply page = api().get(path + (cursor == null ? "" : "&cursor="
                    + URLEncoder.encode(cursor, StandardCharsets.UTF_8)), token);
            assertThat(page.status()).as(page.body()).isEqualTo(200);
            page.json().get("items").forEach(item -> seen.add(item.get(field).asText()));
            cursor = page.json().get("nextCursor").isTextual() ? page.json().get("nextCursor").asText() : null;
        } while (cursor != null);
        return seen;
    }

    @Test
    void organisation_withSeatsAsAString_isNotFound_notAnError() {
        String owner = journeys().organisation("chk-badorg");
        platform.updateItem(b -> b.tableName(tableName).key(key("TENANT#chk-badorg#", "ORG"))
                .updateExpression("SET seats = :seats").expressionAttributeValues(Map.of(":seats", s("many"))));
        double before = skipped("organisation", "malformed");

        Api.Reply read = api().get("/v1/orgs/chk-badorg", owner);

        assertThat(read.status()).isEqualTo(404);
        assertThat(skipped("organisation", "malformed")).isEqualTo(before + 1);
    }

    @Test
    void deleteOrganisation_removesTheWholePartition_junkIncluded() {
        String owner = journeys().organisation("chk-delete");
        journeys().join("chk-delete", owner, "gus");
        journeys().invite("chk-delete", owner, "hal");
        String gusDigest = UserKey.of(ISSUER, "gus").digest();
        platform.updateItem(b -> b.tableName(tableName).key(key("TENANT#chk-delete#", "MEMBER#" + gusDigest))
                .updateExpression("REMOVE #groups").expressionAttributeNames(Map.of("#groups", "groups")));
        plant(Map.of("PK", s("TENANT#chk-delete#"), "SK", s("WHATEVER#1"), "tenant", s("chk-other")));
        plant(Map.of("PK", s("TENANT#chk-delete#"), "SK", s("SVC#broken"), "name", AttributeValue.fromN("1")));

        Api.Reply deleted = api().send(api().request("/v1/orgs/chk-delete", owner).DELETE());

        assertThat(deleted.status()).isEqualTo(202);
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() -> platform.query(b -> b
                .tableName(tableName).consistentRead(true).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", s("TENANT#chk-delete#")))).items().isEmpty());
    }

    private double skipped(String kind, String reason) {
        return meters.counter(CheckedItems.SKIPPED, "kind", kind, "reason", reason).count();
    }

    private Map<String, AttributeValue> stored(String pk, String sk) {
        return platform.getItem(b -> b.tableName(tableName).key(key(pk, sk)).consistentRead(true)).item();
    }

    /** Puts a copy of {@code item} with the named attributes changed: a string value, or {@code null} to drop it. */
    private void plant(Map<String, AttributeValue> item, String... changes) {
        assertThat(item).isNotEmpty();
        Map<String, AttributeValue> planted = new HashMap<>(item);
        for (int i = 0; i < changes.length; i += 2) {
            if (changes[i + 1] == null) {
                planted.remove(changes[i]);
            } else {
                planted.put(changes[i], s(changes[i + 1]));
            }
        }
        platform.putItem(b -> b.tableName(tableName).item(planted));
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", s(pk), "SK", s(sk));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

}
