package dev.enclave.app.infra.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table as older versions left it: a membership that never recorded its assignment, and one still recording a
 * group of a service deleted since. The checker finds both; the repair makes the records exact, so what service
 * groups carry is judged on the assignments there are.
 */
@MicronautTest(environments = "local")
class ServiceGroupRecordsRepairIT extends LocalStackTest {

    @Test
    void theRepair_makesMembershipsRecordExactlyTheirAssignments_andIsSafeToRunAgain() {
        String owner = journeys().organisation("sgr-legacy");
        journeys().join("sgr-legacy", owner, "bob");
        journeys().join("sgr-legacy", owner, "carl");
        create(owner, "billing");
        define(owner, "billing", "approvers");
        assertThat(put("/v1/orgs/sgr-legacy/services/billing/groups/approvers/members/bob", owner).status())
                .isEqualTo(204);
        Map<String, AttributeValue> bob = membership("bob");
        Map<String, AttributeValue> carl = membership("carl");
        legacy(bob, "REMOVE dependents", Map.of());
        legacy(carl, "ADD dependents :stale", Map.of(":stale", AttributeValue.fromSs(List.of("billing/approvers"))));
        assertThat(allowed(owner, "bob")).as("bob's assignment unrecorded, as older versions left it").isFalse();
        assertThat(allowed(owner, "carl")).as("carl's record left by a deleted service").isTrue();
        assertThat(recordViolations()).hasSize(2);

        ServiceGroupRecordsRepair.Counts counts = ServiceGroupRecordsRepair.repair(platform, tableName);
        ServiceGroupRecordsRepair.Counts again = ServiceGroupRecordsRepair.repair(platform, tableName);

        assertThat(counts.repaired()).isEqualTo(2);
        assertThat(counts.changedMeanwhile()).isZero();
        assertThat(again.repaired()).as("a second run changes nothing").isZero();
        assertThat(recordViolations()).isEmpty();
        assertThat(allowed(owner, "bob")).isTrue();
        assertThat(allowed(owner, "carl")).isFalse();
        assertThat(api().send(api().request("/v1/orgs/sgr-legacy/members/bob", owner).DELETE()).status())
                .as("bob's removal still takes his assignment along").isBetween(200, 204);
        assertThat(Invariants.check(scan()).violations()).isEmpty();
    }

    private List<Violation> recordViolations() {
        return Invariants.check(scan()).of(ViolationKind.SERVICE_GROUP_RECORD);
    }

    private java.util.stream.Stream<Map<String, AttributeValue>> scan() {
        return platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true)).items().stream();
    }

    private Map<String, AttributeValue> membership(String userId) {
        return scan().filter(item -> item.get("PK").s().contains("sgr-legacy")
                        && MembershipReads.MEMBERSHIP.holds(item.get("SK").s())
                        && userId.equals(item.get("userId").s()))
                .findFirst().orElseThrow();
    }

    /** Changes the membership item as an older version could have left it. */
    private void legacy(Map<String, AttributeValue> item, String update, Map<String, AttributeValue> values) {
        platform.updateItem(b -> b.tableName(tableName).key(Map.of("PK", item.get("PK"), "SK", item.get("SK")))
                .updateExpression(update).expressionAttributeValues(values.isEmpty() ? null : values));
    }

    private boolean allowed(String owner, String userId) {
        Api.Reply reply = api().post("/v1/orgs/sgr-legacy/permissions/check", "{\"checks\":[{\"userId\":\""
                + userId + "\",\"permission\":\"invoices:approve\",\"service\":\"billing\"}]}", owner);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return reply.json().get("results").get(0).get("allowed").asBoolean();
    }

    private void create(String owner, String service) {
        assertThat(api().post("/v1/orgs/sgr-legacy/services", "{\"id\":\"" + service + "\",\"name\":\"" + service
                + "\"}", owner).status()).isEqualTo(201);
    }

    private void define(String owner, String service, String group) {
        assertThat(api().send(api().request("/v1/orgs/sgr-legacy/services/" + service + "/groups/" + group, owner)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"permissions\":[\"invoices:approve\"]}"))).status())
                .isEqualTo(200);
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }
}
