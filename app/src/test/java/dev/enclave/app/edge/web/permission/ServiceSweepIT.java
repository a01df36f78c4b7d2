package dev.enclave.app.edge.web.permission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.infra.consistency.ConsistencyCheck;
import dev.enclave.app.infra.consistency.Invariants;
import dev.enclave.app.infra.consistency.Violation;
import dev.enclave.app.infra.consistency.ViolationKind;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.BigOrganisations;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.UserKey;
import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A service whose members are more than one transaction takes out of its groups is deleted at once, and its
 * assignments are removed by the organisation's service sweep: until then no service is created under its id, so
 * none of them reaches the next one, and once it is done nothing of the deleted service is left.
 */
@MicronautTest(environments = "local")
class ServiceSweepIT extends LocalStackTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final int MEMBERS = 70;

    @Test
    void aServiceWithMoreMembersThanOneTransactionTakes_isDeleted_andItsAssignmentsAreSweptBeforeItsIdIsTakenAgain() {
        String owner = journeys().organisation("sweep");
        BigOrganisations.addMembers(platform, tableName, "sweep", "m", MEMBERS);
        assertThat(createBilling(owner).status()).isEqualTo(201);
        for (int n = 0; n < MEMBERS; n++) {
            Api.Reply assigned = put("/v1/orgs/sweep/services/billing/groups/viewers/members/m-" + n, owner);
            assertThat(assigned.status()).as(assigned.body()).isEqualTo(204);
        }
        int metBefore = faults.met();
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of("sweep"),
                GatewayFaults.Kind.LATENCY, Duration.ofSeconds(2), 2));

        Api.Reply deleted = api().send(api().request("/v1/orgs/sweep/services/billing", owner).DELETE());
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(204);
        await().atMost(PATIENCE).until(() -> faults.met() > metBefore + 1);
        Api.Reply meanwhile = createBilling(owner);

        assertThat(meanwhile.status()).as("created while the sweep's first page is held: " + meanwhile.body())
                .isEqualTo(409);
        assertThat(meanwhile.body()).contains("still being removed");
        String stillThere = owedAssignments().get(0);
        assertThat(api().get("/v1/orgs/sweep/members/" + stillThere + "/access?service=billing&group=viewers", owner)
                .json().get("allowed").asBoolean()).as("an assignment the sweep has yet to remove gives nothing")
                .isFalse();
        Api.Reply listed = api().get("/v1/orgs/sweep/services/billing/groups/viewers/members", owner);
        assertThat(listed.status()).as("the group of a deleted service: " + listed.body()).isEqualTo(404);
        assertThat(listed.json().get("code").asText()).isEqualTo("service-not-found");
        assertThat(Invariants.check(platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true))
                .items().stream()).violations()).as("mid-sweep (unless it has just finished): the assignments still "
                + "owed are the sweep's work").extracting(Violation::kind)
                .allSatisfy(kind -> assertThat(kind).isEqualTo(ViolationKind.UNFINISHED_WORK));
        await().atMost(PATIENCE).until(() -> createBilling(owner).status() == 201);
        assertThat(api().get("/v1/orgs/sweep/services/billing/groups/viewers/members", owner).json().get("items"))
                .as("the new service's group").isEmpty();
        assertThat(api().get("/v1/orgs/sweep/members/m-0", owner).status()).isEqualTo(200);
        assertClean("swept");
    }

    @Test
    void itemsUnderTheServicesKeysThatDoNotMapAsItsAssignments_areSweptByTheirKey_andTouchNothingElse() {
        String owner = journeys().organisation("junksweep");
        BigOrganisations.addMembers(platform, tableName, "junksweep", "j", MEMBERS);
        assertThat(api().post("/v1/orgs/junksweep/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", owner)
                .status()).isEqualTo(201);
        assertThat(api().post("/v1/orgs/junksweep/services", "{\"id\":\"other\",\"name\":\"Other\"}", owner)
                .status()).isEqualTo(201);
        for (int n = 0; n < MEMBERS; n++) {
            assertThat(put("/v1/orgs/junksweep/services/billing/groups/viewers/members/j-" + n, owner).status())
                    .isEqualTo(204);
        }
        assertThat(put("/v1/orgs/junksweep/services/other/groups/viewers/members/j-1", owner).status())
                .isEqualTo(204);
        Map<String, AttributeValue> real = platform.getItem(get -> get.tableName(tableName).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS("TENANT#junksweep#"), "SK", AttributeValue.fromS(
                        "SVCGROUP#other#viewers#MEMBER#" + UserKey.of("enclave-local", "j-1").digest())))).item();
        Map<String, AttributeValue> namingAnother = new HashMap<>(real);
        namingAnother.put("SK", AttributeValue.fromS("SVCGROUP#billing#0named#MEMBER#"
                + UserKey.of("enclave-local", "j-1").digest()));
        platform.putItem(put -> put.tableName(tableName).item(namingAnother));
        for (int n = 0; n < 50; n++) {
            String sort = "SVCGROUP#billing#1junk" + n + "#MEMBER#x";
            platform.putItem(put -> put.tableName(tableName).item(Map.of("PK", AttributeValue.fromS(
                    "TENANT#junksweep#"), "SK", AttributeValue.fromS(sort))));
        }

        assertThat(api().send(api().request("/v1/orgs/junksweep/services/billing", owner).DELETE()).status())
                .isEqualTo(204);

        await().atMost(PATIENCE).until(() -> platform.query(query -> query.tableName(tableName).consistentRead(true)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :svc)").expressionAttributeValues(Map.of(
                        ":pk", AttributeValue.fromS("TENANT#junksweep#"), ":svc",
                        AttributeValue.fromS("SVCGROUP#billing#")))).items().isEmpty());
        await().atMost(PATIENCE).until(() -> api().post("/v1/orgs/junksweep/services",
                "{\"id\":\"billing\",\"name\":\"Billing\"}", owner).status() == 201);
        assertThat(api().get("/v1/orgs/junksweep/members/j-1/access?service=other&group=viewers", owner).json()
                .get("allowed").asBoolean()).as("the other service's assignment the planted item named").isTrue();
    }

    /** The members of the deleted service's group whose assignments are still in the table. */
    private List<String> owedAssignments() {
        List<String> members = platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true)).items().stream()
                .filter(item -> item.get("SK").s().startsWith("SVCGROUP#billing#viewers#MEMBER#"))
                .map(item -> item.get("userId").s()).toList();
        assertThat(members).as("the sweep's first page is held: some assignments are still there").isNotEmpty();
        return members;
    }

    private void assertClean(String when) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = ConsistencyCheck.check(platform, tableName, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(status).as(when + ": " + out.toString(StandardCharsets.UTF_8)).isEqualTo(ConsistencyCheck.CLEAN);
    }

    private Api.Reply createBilling(String owner) {
        return api().post("/v1/orgs/sweep/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", owner);
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }
}
