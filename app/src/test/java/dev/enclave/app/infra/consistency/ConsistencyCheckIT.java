package dev.enclave.app.infra.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.UserKey;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The checker on the real local stack, on the application's own (platform) client: organisations made through the
 * API check clean; damage planted straight into the table afterwards is named, tenant by tenant, with exit status 1.
 */
@MicronautTest(environments = "local")
class ConsistencyCheckIT extends LocalStackTest {

    private static final String ISSUER = "enclave-local";

    @Test
    void check_ofWhatTheApiMade_isClean_andAfterPlantedDamage_namesEachAndExitsOne() {
        String clean = everyKindOfItem("cc-clean");
        everyKindOfItem("cc-broken");
        everyKindOfItem("cc-gone");

        Run before = check();

        assertThat(before.status()).as(before.output()).isEqualTo(ConsistencyCheck.CLEAN);
        assertThat(before.violations()).isEmpty();
        assertThat(before.output()).contains("no violations");

        String bob = "MEMBER#" + UserKey.of(ISSUER, "bob").digest();
        platform.updateItem(b -> b.tableName(tableName).key(key("cc-broken", "ORG"))
                .updateExpression("SET members = members + :one, owes = :owes, owedFor = :version")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"),
                        ":owes", AttributeValue.fromS("DELETE"), ":version", AttributeValue.fromN("3"))));
        platform.updateItem(b -> b.tableName(tableName).key(key("cc-broken", bob)).updateExpression("REMOVE GSI2PK"));
        platform.putItem(b -> b.tableName(tableName).item(Map.of("PK", AttributeValue.fromS("TENANT#cc-broken#"),
                "SK", AttributeValue.fromS("PLANTED#1"))));
        platform.deleteItem(b -> b.tableName(tableName).key(key("cc-gone", "ORG")));

        Run after = check();

        assertThat(after.status()).as(after.output()).isEqualTo(ConsistencyCheck.VIOLATIONS);
        assertThat(after.violations()).filteredOn(v -> !v.get(1).equals("cc-gone")).containsExactlyInAnyOrder(
                List.of("MEMBER_COUNT", "cc-broken", "TENANT#cc-broken# ORG"),
                List.of("UNFINISHED_WORK", "cc-broken", "TENANT#cc-broken# ORG"),
                List.of("USER_INDEX_ENTRY", "cc-broken", "TENANT#cc-broken# " + bob),
                List.of("UNKNOWN_ITEM", "cc-broken", "TENANT#cc-broken# PLANTED#1"));
        assertThat(after.violations()).filteredOn(v -> v.get(1).equals("cc-gone"))
                .as("every item the deletion left behind").hasSizeGreaterThan(5)
                .allMatch(v -> v.get(0).equals("ITEM_WITHOUT_ORGANISATION"))
                .contains(List.of("ITEM_WITHOUT_ORGANISATION", "cc-gone", "TENANT#cc-gone# " + bob));
        assertThat(after.violations()).noneMatch(v -> v.get(1).equals(clean));
        assertThat(after.output()).contains(after.violations().size() + " violations");
    }

    /**
     * An organisation with a member, a custom group, a service and an assignment, a pending invitation and an API
     * key.
     */
    private String everyKindOfItem(String org) {
        String owner = journeys().organisation(org);
        journeys().join(org, owner, "bob");
        journeys().invite(org, owner, "cleo");
        assertThat(api().post("/v1/orgs/" + org + "/groups", "{\"id\":\"approvers\",\"permissions\":"
                + "[\"invoices:approve\"]}", owner).status()).isEqualTo(201);
        assertThat(api().post("/v1/orgs/" + org + "/services", "{\"id\":\"reports\",\"name\":\"Reports\"}", owner)
                .status()).isEqualTo(201);
        assertThat(api().send(api().request("/v1/orgs/" + org + "/services/reports/groups/viewers/members/bob", owner)
                .PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(204);
        Api.Reply key = api().send(api().request("/v1/orgs/" + org + "/api-keys", owner)
                .header("Content-Type", "application/json").header("Idempotency-Key", "never-kept")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"worker\",\"access\":\"read\"}")));
        assertThat(key.status()).as("API keys refuse idempotency keys").isEqualTo(400);
        assertThat(api().post("/v1/orgs/" + org + "/api-keys", "{\"name\":\"worker\",\"access\":\"read\"}", owner)
                .status()).isEqualTo(201);
        Api.Reply kept = api().send(api().request("/v1/orgs/" + org + "/services", owner)
                .header("Content-Type", "application/json").header("Idempotency-Key", "svc-" + org)
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"billing\",\"name\":\"Billing\"}")));
        assertThat(kept.status()).isEqualTo(201);
        return org;
    }

    private Run check() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = ConsistencyCheck.check(platform, tableName, new PrintStream(out, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8));
    }

    private static Map<String, AttributeValue> key(String org, String sortKey) {
        return Map.of("PK", AttributeValue.fromS("TENANT#" + org + "#"), "SK", AttributeValue.fromS(sortKey));
    }

    /** One run of the checker: its exit status and its output. */
    private record Run(int status, String output) {

        /** Each violation line as its kind, tenant and key ({@code PK SK}). */
        List<List<String>> violations() {
            return output.lines().filter(line -> line.contains(" tenant=") && line.contains(" key="))
                    .map(line -> {
                        String[] fields = line.split(" ", 5);
                        return List.of(fields[0], fields[1].substring("tenant=".length()),
                                fields[2].substring("key=".length()) + " " + fields[3]);
                    }).toList();
        }
    }
}
