package dev.enclave.app.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.SharedSandbox;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.sandbox.gateway.GatewayFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Work that is not one transaction, interrupted by DynamoDB failing for one tenant after the write that records
 * it: the rename or the deletion stands, the debt sits on the owed-work index, and a sweep finishes it. The
 * scheduled sweep is held off (an hour) so each test runs the sweep itself.
 */
@MicronautTest(environments = "local")
class OwedWorkIT extends LocalStackTest {

    private final GatewayFaults faults = SharedSandbox.instance().gateway().faults();

    @Inject
    DynamoDbClient platform;

    @Inject
    FinishingOwedWork finishing;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = super.getProperties();
        properties.putAll(Map.of("enclave.owed-work.grace", "0s", "enclave.owed-work.first-sweep", "1h",
                "enclave.owed-work.sweep-interval", "1h", "enclave.tenancy.dynamodb-max-attempts", "2"));
        return properties;
    }

    @AfterEach
    void clearFaults() {
        faults.clear();
    }

    @Test
    void aRenameWhoseCopyFails_standsOwingTheCopy_andTheSweepFinishesIt() {
        String owner = journeys().organisation("owed-rename");
        journeys().join("owed-rename", owner, "bob-rename");
        failing("TransactWriteItems", "owed-rename");

        Api.Reply renamed = rename("owed-rename", owner, "Renamed Ltd");
        faults.clear();

        assertThat(renamed.status()).as(renamed.body()).isEqualTo(200);
        assertThat(myOrganisationNames("bob-rename")).containsExactly("owed-rename");
        assertThat(owing()).containsExactly("TENANT#owed-rename#");

        assertThat(finishing.sweep()).isEqualTo(1);

        assertThat(myOrganisationNames("bob-rename")).containsExactly("Renamed Ltd");
        assertThat(myOrganisationNames("owner-owed-rename")).containsExactly("Renamed Ltd");
        assertThat(owing()).isEmpty();
    }

    @Test
    void aLaterRename_supersedesAnUnfinishedOne_andSettlesTheDebtItself() {
        String owner = journeys().organisation("owed-twice");
        journeys().join("owed-twice", owner, "bob-twice");
        failing("TransactWriteItems", "owed-twice");
        rename("owed-twice", owner, "First Name");
        faults.clear();

        assertThat(rename("owed-twice", owner, "Second Name").status()).isEqualTo(200);

        assertThat(owing()).isEmpty();
        assertThat(myOrganisationNames("bob-twice")).containsExactly("Second Name");
    }

    @Test
    void aDeletionWhoseRemovalFails_answersGoneAtOnce_andTheSweepRemovesEverything() {
        String owner = journeys().organisation("owed-delete");
        journeys().join("owed-delete", owner, "bob-delete");
        failing("BatchWriteItem", "owed-delete");

        Api.Reply deleted = api().send(api().request("/v1/orgs/owed-delete", owner).DELETE());
        faults.clear();

        assertThat(deleted.status()).isEqualTo(204);
        assertThat(api().get("/v1/orgs/owed-delete", owner).status()).isEqualTo(404);
        assertThat(partition("owed-delete")).isNotEmpty();
        assertThat(owing()).containsExactly("TENANT#owed-delete#");

        assertThat(finishing.sweep()).isEqualTo(1);

        assertThat(partition("owed-delete")).isEmpty();
        assertThat(owing()).isEmpty();
        assertThat(myOrganisationNames("bob-delete")).isEmpty();
        assertThat(api().post("/v1/orgs", "{\"id\":\"owed-delete\",\"name\":\"Again\"}", owner).status())
                .as("the id is free again").isEqualTo(201);
    }

    @Test
    void aRenameOfAnOrganisationBeingDeleted_isNotFound_andLeavesTheDeletionOwed() {
        String owner = journeys().organisation("owed-both");
        String etag = api().get("/v1/orgs/owed-both", owner).header("ETag");
        failing("BatchWriteItem", "owed-both");
        api().send(api().request("/v1/orgs/owed-both", owner).DELETE());
        faults.clear();

        Api.Reply renamed = api().send(api().request("/v1/orgs/owed-both", owner).header("If-Match", etag)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"Too Late\"}")));

        assertThat(renamed.status()).isEqualTo(404);
        assertThat(owing()).containsExactly("TENANT#owed-both#");
        assertThat(finishing.sweep()).isEqualTo(1);
        assertThat(partition("owed-both")).isEmpty();
    }

    private void failing(String operation, String tenant) {
        faults.inject(new GatewayFaults.Rule(Optional.of(operation), Optional.of(tenant),
                GatewayFaults.Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, Integer.MAX_VALUE));
    }

    private Api.Reply rename(String org, String owner, String name) {
        String etag = api().get("/v1/orgs/" + org, owner).header("ETag");
        return api().send(api().request("/v1/orgs/" + org, owner).header("If-Match", etag)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}")));
    }

    private List<String> myOrganisationNames(String user) {
        return api().get("/v1/me/orgs", journeys().member(user)).json().findValuesAsText("name");
    }

    private List<String> owing() {
        return platform.query(b -> b.tableName(tableName).indexName(TableDesign.BY_OWED_WORK.indexName())
                        .keyConditionExpression("GSI3PK = :work")
                        .expressionAttributeValues(Map.of(":work", AttributeValue.fromS(TableDesign.OWED_WORK))))
                .items().stream().map(item -> item.get("PK").s()).toList();
    }

    private List<Map<String, AttributeValue>> partition(String org) {
        return platform.query(b -> b.tableName(tableName).keyConditionExpression("PK = :pk").consistentRead(true)
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#" + org + "#")))).items();
    }
}
