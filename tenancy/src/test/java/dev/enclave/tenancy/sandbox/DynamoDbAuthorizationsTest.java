package dev.enclave.tenancy.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What IAM is asked for each kind of DynamoDB request (the gateway's step (b)). */
class DynamoDbAuthorizationsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TABLE = "arn:aws:dynamodb:us-east-1:000000000000:table/t";
    private static final Map<String, String> KEYS = Map.of("", "PK", "GSI1", "GSI1PK");

    private final DynamoDbAuthorizations authorizations = new DynamoDbAuthorizations(
            (table, index) -> "t".equals(table) ? Optional.ofNullable(KEYS.get(index.orElse(""))) : Optional.empty(),
            "arn:aws:dynamodb:us-east-1:000000000000:table/");

    @Test
    void getItem_isGetItemOnTheTable_withTheItemsPartitionKey() {
        assertThat(of("GetItem", """
                {"TableName":"t","Key":{"PK":{"S":"TENANT#acme#ORG"},"SK":{"S":"ORG"}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:GetItem", TABLE, List.of("TENANT#acme#ORG")));
    }

    @Test
    void putItem_takesThePartitionKeyFromTheItem() {
        assertThat(of("PutItem", """
                {"TableName":"t","Item":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"},"GSI1PK":{"S":"TENANT#beta#Y"}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:PutItem", TABLE, List.of("TENANT#acme#X")));
    }

    @Test
    void queryOnIndex_isOnTheIndex_withTheIndexPartitionKeyValue() {
        assertThat(of("Query", """
                {"TableName":"t","IndexName":"GSI1","KeyConditionExpression":"#pk = :pk AND begins_with(#sk, :sk)",
                 "ExpressionAttributeNames":{"#pk":"GSI1PK","#sk":"GSI1SK"},
                 "ExpressionAttributeValues":{":pk":{"S":"TENANT#beta#INV"},":sk":{"S":"a"}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:Query", TABLE + "/index/GSI1",
                        List.of("TENANT#beta#INV")));
    }

    @Test
    void query_withValueFirstOrLegacyKeyConditions_findsThePartitionKey() {
        assertThat(of("Query", """
                {"TableName":"t","KeyConditionExpression":":v = PK AND SK >= :s",
                 "ExpressionAttributeValues":{":v":{"S":"TENANT#acme#A"},":s":{"S":"a"}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:Query", TABLE, List.of("TENANT#acme#A")));
        assertThat(of("Query", """
                {"TableName":"t","KeyConditions":{"PK":{"ComparisonOperator":"EQ",
                 "AttributeValueList":[{"S":"TENANT#acme#B"}]}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:Query", TABLE, List.of("TENANT#acme#B")));
    }

    @Test
    void batchGetItem_isOneBatchGetItemPerKey() {
        assertThat(of("BatchGetItem", """
                {"RequestItems":{"t":{"Keys":[{"PK":{"S":"TENANT#acme#A"},"SK":{"S":"A"}},
                                              {"PK":{"S":"TENANT#beta#B"},"SK":{"S":"B"}}]}}}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:BatchGetItem", TABLE, List.of("TENANT#acme#A")),
                        new RequiredAuthorization("dynamodb:BatchGetItem", TABLE, List.of("TENANT#beta#B")));
    }

    @Test
    void batchWriteItem_isOneBatchWriteItemPerPutOrDelete() {
        assertThat(of("BatchWriteItem", """
                {"RequestItems":{"t":[{"PutRequest":{"Item":{"PK":{"S":"TENANT#acme#A"},"SK":{"S":"A"}}}},
                                      {"DeleteRequest":{"Key":{"PK":{"S":"TENANT#beta#B"},"SK":{"S":"B"}}}}]}}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE, List.of("TENANT#acme#A")),
                        new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE, List.of("TENANT#beta#B")));
    }

    @Test
    void transactWriteItems_isTheItemActionPerPart() {
        assertThat(of("TransactWriteItems", """
                {"TransactItems":[
                  {"Put":{"TableName":"t","Item":{"PK":{"S":"TENANT#acme#1"},"SK":{"S":"1"}}}},
                  {"Update":{"TableName":"t","Key":{"PK":{"S":"TENANT#acme#2"},"SK":{"S":"2"}},
                             "UpdateExpression":"SET a = :a"}},
                  {"Delete":{"TableName":"t","Key":{"PK":{"S":"TENANT#acme#3"},"SK":{"S":"3"}}}},
                  {"ConditionCheck":{"TableName":"t","Key":{"PK":{"S":"TENANT#beta#4"},"SK":{"S":"4"}},
                                     "ConditionExpression":"attribute_exists(PK)"}}]}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:PutItem", TABLE, List.of("TENANT#acme#1")),
                        new RequiredAuthorization("dynamodb:UpdateItem", TABLE, List.of("TENANT#acme#2")),
                        new RequiredAuthorization("dynamodb:DeleteItem", TABLE, List.of("TENANT#acme#3")),
                        new RequiredAuthorization("dynamodb:ConditionCheckItem", TABLE, List.of("TENANT#beta#4")));
    }

    @Test
    void transactGetItems_isGetItemPerPart() {
        assertThat(of("TransactGetItems", """
                {"TransactItems":[{"Get":{"TableName":"t","Key":{"PK":{"S":"TENANT#acme#1"},"SK":{"S":"1"}}}}]}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:GetItem", TABLE, List.of("TENANT#acme#1")));
    }

    @Test
    void scanAndTableOperations_nameNoLeadingKeys() {
        assertThat(of("Scan", "{\"TableName\":\"t\",\"IndexName\":\"GSI1\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:Scan", TABLE + "/index/GSI1", List.of()));
        assertThat(of("DescribeTable", "{\"TableName\":\"t\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:DescribeTable", TABLE, List.of()));
        assertThat(of("DeleteTable", "{\"TableName\":\"t\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:DeleteTable", TABLE, List.of()));
        assertThat(of("ListTables", "{}"))
                .containsExactly(new RequiredAuthorization("dynamodb:ListTables", "*", List.of()));
        assertThat(of("ListTagsOfResource", "{\"ResourceArn\":\"" + TABLE + "\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:ListTagsOfResource", TABLE, List.of()));
    }

    @Test
    void partiQl_isTheStatementsPartiQlAction_withNoLeadingKeys() {
        assertThat(of("ExecuteStatement",
                "{\"Statement\":\"SELECT * FROM \\\"t\\\".\\\"GSI1\\\" WHERE GSI1PK = 'TENANT#acme#X'\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:PartiQLSelect", TABLE + "/index/GSI1", List.of()));
        assertThat(of("BatchExecuteStatement", """
                {"Statements":[{"Statement":"insert into t value {'PK':'TENANT#acme#1','SK':'1'}"},
                               {"Statement":"DELETE FROM \\"t\\" WHERE PK = 'TENANT#acme#1' AND SK = '1'"},
                               {"Statement":"UPDATE t SET a = 1 WHERE PK = 'x' AND SK = 'y'"}]}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:PartiQLInsert", TABLE, List.of()),
                        new RequiredAuthorization("dynamodb:PartiQLDelete", TABLE, List.of()),
                        new RequiredAuthorization("dynamodb:PartiQLUpdate", TABLE, List.of()));
    }

    @Test
    void tableGivenByArn_isThatResource_andItsSchemaIsUsed() {
        assertThat(of("GetItem", "{\"TableName\":\"" + TABLE + "\",\"Key\":{\"PK\":{\"S\":\"TENANT#acme#A\"}}}"))
                .containsExactly(new RequiredAuthorization("dynamodb:GetItem", TABLE, List.of("TENANT#acme#A")));
    }

    @Test
    void unknownTable_namesNoLeadingKeys() {
        assertThat(of("GetItem", "{\"TableName\":\"other\",\"Key\":{\"PK\":{\"S\":\"TENANT#acme#A\"}}}"))
                .containsExactly(new RequiredAuthorization("dynamodb:GetItem",
                        "arn:aws:dynamodb:us-east-1:000000000000:table/other", List.of()));
    }

    private List<RequiredAuthorization> of(String operation, String body) {
        try {
            JsonNode json = JSON.readTree(body);
            return authorizations.of(operation, json);
        } catch (java.io.IOException e) {
            throw new AssertionError("test body is not JSON: " + body, e);
        }
    }
}
