package dev.enclave.sandbox.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What IAM is asked for each kind of DynamoDB request (the gateway's step (b)), attributes included. */
class DynamoDbAuthorizationsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TABLE = "arn:aws:dynamodb:us-east-1:000000000000:table/t";
    private static final Map<String, String> KEYS = Map.of("", "PK", "GSI1", "GSI1PK");

    private final DynamoDbAuthorizations authorizations = new DynamoDbAuthorizations(
            (table, index) -> "t".equals(table) ? Optional.ofNullable(KEYS.get(index.orElse(""))) : Optional.empty(),
            "arn:aws:dynamodb:us-east-1:000000000000:table/");

    @Test
    void getItem_isGetItemOnTheTable_withTheItemsPartitionKey() {
        assertThat(keysOf("GetItem", """
                {"TableName":"t","Key":{"PK":{"S":"TENANT#acme#ORG"},"SK":{"S":"ORG"}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:GetItem", TABLE, List.of("TENANT#acme#ORG")));
    }

    @Test
    void putItem_takesThePartitionKeyFromTheItem() {
        assertThat(keysOf("PutItem", """
                {"TableName":"t","Item":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"},"GSI1PK":{"S":"TENANT#beta#Y"}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:PutItem", TABLE, List.of("TENANT#acme#X")));
    }

    @Test
    void queryOnIndex_isOnTheIndex_withTheIndexPartitionKeyValue() {
        assertThat(keysOf("Query", """
                {"TableName":"t","IndexName":"GSI1","KeyConditionExpression":"#pk = :pk AND begins_with(#sk, :sk)",
                 "ExpressionAttributeNames":{"#pk":"GSI1PK","#sk":"GSI1SK"},
                 "ExpressionAttributeValues":{":pk":{"S":"TENANT#beta#INV"},":sk":{"S":"a"}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:Query", TABLE + "/index/GSI1",
                        List.of("TENANT#beta#INV")));
    }

    @Test
    void query_withValueFirstOrLegacyKeyConditions_findsThePartitionKey() {
        assertThat(keysOf("Query", """
                {"TableName":"t","KeyConditionExpression":":v = PK AND SK >= :s",
                 "ExpressionAttributeValues":{":v":{"S":"TENANT#acme#A"},":s":{"S":"a"}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:Query", TABLE, List.of("TENANT#acme#A")));
        assertThat(keysOf("Query", """
                {"TableName":"t","KeyConditions":{"PK":{"ComparisonOperator":"EQ",
                 "AttributeValueList":[{"S":"TENANT#acme#B"}]}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:Query", TABLE, List.of("TENANT#acme#B")));
    }

    @Test
    void batchGetItem_isOneBatchGetItemPerKey() {
        assertThat(keysOf("BatchGetItem", """
                {"RequestItems":{"t":{"Keys":[{"PK":{"S":"TENANT#acme#A"},"SK":{"S":"A"}},
                                              {"PK":{"S":"TENANT#beta#B"},"SK":{"S":"B"}}]}}}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:BatchGetItem", TABLE, List.of("TENANT#acme#A")),
                        new RequiredAuthorization("dynamodb:BatchGetItem", TABLE, List.of("TENANT#beta#B")));
    }

    @Test
    void batchWriteItem_isOneBatchWriteItemPerPutOrDelete() {
        assertThat(keysOf("BatchWriteItem", """
                {"RequestItems":{"t":[{"PutRequest":{"Item":{"PK":{"S":"TENANT#acme#A"},"SK":{"S":"A"}}}},
                                      {"DeleteRequest":{"Key":{"PK":{"S":"TENANT#beta#B"},"SK":{"S":"B"}}}}]}}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE, List.of("TENANT#acme#A")),
                        new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE, List.of("TENANT#beta#B")));
    }

    @Test
    void transactWriteItems_isTheItemActionPerPart() {
        assertThat(keysOf("TransactWriteItems", """
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
    void transactWriteItems_anUpdateDeleteOrCheck_isOnItsKey_whateverItemItAlsoCarries() {
        for (String kind : List.of("Update", "Delete", "ConditionCheck")) {
            assertThat(keysOf("TransactWriteItems", """
                    {"TransactItems":[{"%s":{"TableName":"t",
                      "Item":{"PK":{"S":"TENANT#acme#OWN"},"SK":{"S":"1"}},
                      "Key":{"PK":{"S":"TENANT#beta#"},"SK":{"S":"ORG"}},
                      "UpdateExpression":"SET seats = :n","ConditionExpression":"attribute_exists(SK)"}}]}"""
                    .formatted(kind))).as(kind).extracting(RequiredAuthorization::leadingKeys)
                    .containsExactly(List.of("TENANT#beta#"));
        }
    }

    @Test
    void transactWriteItems_anItemOfTwoKinds_asksForBoth() {
        assertThat(keysOf("TransactWriteItems", """
                {"TransactItems":[{
                  "Put":{"TableName":"t","Item":{"PK":{"S":"TENANT#acme#1"},"SK":{"S":"1"}}},
                  "Delete":{"TableName":"t","Key":{"PK":{"S":"TENANT#beta#2"},"SK":{"S":"2"}}}}]}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:PutItem", TABLE, List.of("TENANT#acme#1")),
                        new RequiredAuthorization("dynamodb:DeleteItem", TABLE, List.of("TENANT#beta#2")));
    }

    @Test
    void batchWriteItem_aRequestOfAPutAndADelete_asksForBoth() {
        assertThat(keysOf("BatchWriteItem", """
                {"RequestItems":{"t":[{
                  "PutRequest":{"Item":{"PK":{"S":"TENANT#acme#1"},"SK":{"S":"1"}}},
                  "DeleteRequest":{"Key":{"PK":{"S":"TENANT#beta#2"},"SK":{"S":"2"}}}}]}}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE, List.of("TENANT#acme#1")),
                        new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE, List.of("TENANT#beta#2")));
    }

    @Test
    void transactGetItems_isGetItemPerPart() {
        assertThat(keysOf("TransactGetItems", """
                {"TransactItems":[{"Get":{"TableName":"t","Key":{"PK":{"S":"TENANT#acme#1"},"SK":{"S":"1"}}}}]}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:GetItem", TABLE, List.of("TENANT#acme#1")));
    }

    @Test
    void scanAndTableOperations_nameNoLeadingKeys() {
        assertThat(keysOf("Scan", "{\"TableName\":\"t\",\"IndexName\":\"GSI1\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:Scan", TABLE + "/index/GSI1", List.of()));
        assertThat(keysOf("DescribeTable", "{\"TableName\":\"t\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:DescribeTable", TABLE, List.of()));
        assertThat(keysOf("DeleteTable", "{\"TableName\":\"t\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:DeleteTable", TABLE, List.of()));
        assertThat(keysOf("ListTables", "{}"))
                .containsExactly(new RequiredAuthorization("dynamodb:ListTables", "*", List.of()));
        assertThat(keysOf("ListTagsOfResource", "{\"ResourceArn\":\"" + TABLE + "\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:ListTagsOfResource", TABLE, List.of()));
    }

    @Test
    void partiQl_isTheStatementsPartiQlAction_withNoLeadingKeys() {
        assertThat(keysOf("ExecuteStatement",
                "{\"Statement\":\"SELECT * FROM \\\"t\\\".\\\"GSI1\\\" WHERE GSI1PK = 'TENANT#acme#X'\"}"))
                .containsExactly(new RequiredAuthorization("dynamodb:PartiQLSelect", TABLE + "/index/GSI1", List.of()));
        assertThat(keysOf("BatchExecuteStatement", """
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
        assertThat(keysOf("GetItem", "{\"TableName\":\"" + TABLE + "\",\"Key\":{\"PK\":{\"S\":\"TENANT#acme#A\"}}}"))
                .containsExactly(new RequiredAuthorization("dynamodb:GetItem", TABLE, List.of("TENANT#acme#A")));
    }

    @Test
    void unknownTable_namesNoLeadingKeys() {
        assertThat(keysOf("GetItem", "{\"TableName\":\"other\",\"Key\":{\"PK\":{\"S\":\"TENANT#acme#A\"}}}"))
                .containsExactly(new RequiredAuthorization("dynamodb:GetItem",
                        "arn:aws:dynamodb:us-east-1:000000000000:table/other", List.of()));
    }

    @Test
    void putItem_attributes_areEveryNameOfTheItem_keysIncluded_andTheConditionsNames() {
        assertThat(of("PutItem", """
                {"TableName":"t","Item":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"},"GSI1PK":{"S":"TENANT#beta#Y"},
                 "data":{"M":{"GSI2PK":{"S":"nested, not top-level"}}}},
                 "ConditionExpression":"attribute_not_exists(PK) OR #v < :v",
                 "ExpressionAttributeNames":{"#v":"version"},"ExpressionAttributeValues":{":v":{"N":"3"}}}"""))
                .containsExactly(new RequiredAuthorization("dynamodb:PutItem", TABLE, List.of("TENANT#acme#X"),
                        List.of("PK", "SK", "GSI1PK", "data", "version")));
    }

    @Test
    void updateItem_attributes_areTheKeyAndEveryTopLevelNameTheUpdateAndConditionName() {
        assertThat(attributesOf("UpdateItem", """
                {"TableName":"t","Key":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"}},
                 "UpdateExpression":"SET #g = :v, profile.address[1].#c = :c, #n = if_not_exists(#n, :z) + :one REMOVE stale, recent[2] ADD visits :one DELETE tags :t",
                 "ConditionExpression":"attribute_exists(#g) AND size(guard) > :z AND NOT begins_with(#c, :c)",
                 "ExpressionAttributeNames":{"#g":"GSI2PK","#c":"city","#n":"counter"},
                 "ExpressionAttributeValues":{":v":{"S":"USER#x#"},":c":{"S":"c"},":z":{"N":"0"},":one":{"N":"1"},
                                              ":t":{"SS":["a"]}}}"""))
                .containsExactly(List.of("PK", "SK", "GSI2PK", "profile", "counter", "stale", "recent", "visits", "tags",
                        "guard", "city"));
    }

    @Test
    void updateItem_legacyAttributeUpdatesAndExpected_nameTheirAttributes() {
        assertThat(attributesOf("UpdateItem", """
                {"TableName":"t","Key":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"}},
                 "AttributeUpdates":{"GSI1SK":{"Action":"PUT","Value":{"S":"planted"}},"note":{"Action":"DELETE"}},
                 "Expected":{"version":{"Value":{"N":"1"}}}}"""))
                .containsExactly(List.of("PK", "SK", "GSI1SK", "note", "version"));
    }

    @Test
    void deleteItem_attributes_areItsKey_andItsConditionsNames() {
        assertThat(attributesOf("DeleteItem", """
                {"TableName":"t","Key":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"}}}"""))
                .containsExactly(List.of("PK", "SK"));
        assertThat(attributesOf("DeleteItem", """
                {"TableName":"t","Key":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"}},
                 "ConditionExpression":"#s = :s","ExpressionAttributeNames":{"#s":"status"},
                 "ExpressionAttributeValues":{":s":{"S":"old"}}}"""))
                .containsExactly(List.of("PK", "SK", "status"));
    }

    @Test
    void reads_attributes_areTheKeyAndTheProjectedNames() {
        assertThat(attributesOf("GetItem", """
                {"TableName":"t","Key":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"}},
                 "ProjectionExpression":"#a, b.c, d[0]","ExpressionAttributeNames":{"#a":"alpha"}}"""))
                .containsExactly(List.of("PK", "SK", "alpha", "b", "d"));
        assertThat(attributesOf("GetItem", """
                {"TableName":"t","Key":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"}},"AttributesToGet":["GSI1PK"]}"""))
                .containsExactly(List.of("PK", "SK", "GSI1PK"));
        assertThat(attributesOf("Query", """
                {"TableName":"t","KeyConditionExpression":"PK = :pk AND begins_with(#sk, :s)",
                 "FilterExpression":"amount > :a","ProjectionExpression":"title",
                 "ExpressionAttributeNames":{"#sk":"SK"},
                 "ExpressionAttributeValues":{":pk":{"S":"TENANT#acme#A"},":s":{"S":"a"},":a":{"N":"1"}}}"""))
                .containsExactly(List.of("PK", "SK", "amount", "title"));
    }

    @Test
    void batchGetItem_eachKey_namesItsKeyAndTheTablesProjection() {
        assertThat(attributesOf("BatchGetItem", """
                {"RequestItems":{"t":{"Keys":[{"PK":{"S":"TENANT#acme#A"},"SK":{"S":"A"}},
                                              {"PK":{"S":"TENANT#acme#B"},"SK":{"S":"B"}}],
                                      "ProjectionExpression":"#t","ExpressionAttributeNames":{"#t":"title"}}}}"""))
                .containsExactly(List.of("PK", "SK", "title"), List.of("PK", "SK", "title"));
    }

    @Test
    void batchWriteItem_twoItems_areTwoAuthorisationsEachWithItsOwnAttributes() {
        assertThat(of("BatchWriteItem", """
                {"RequestItems":{"t":[
                  {"PutRequest":{"Item":{"PK":{"S":"TENANT#acme#A"},"SK":{"S":"A"},"data":{"S":"clean"}}}},
                  {"PutRequest":{"Item":{"PK":{"S":"TENANT#acme#B"},"SK":{"S":"B"},
                                         "GSI1PK":{"S":"TENANT#globex#INVITATIONS#pending"}}}},
                  {"DeleteRequest":{"Key":{"PK":{"S":"TENANT#acme#C"},"SK":{"S":"C"}}}}]}}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE, List.of("TENANT#acme#A"),
                                List.of("PK", "SK", "data")),
                        new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE, List.of("TENANT#acme#B"),
                                List.of("PK", "SK", "GSI1PK")),
                        new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE, List.of("TENANT#acme#C"),
                                List.of("PK", "SK")));
    }

    @Test
    void transactWriteItems_eachPart_namesItsOwnAttributes() {
        assertThat(of("TransactWriteItems", """
                {"TransactItems":[
                  {"Put":{"TableName":"t","Item":{"PK":{"S":"TENANT#acme#1"},"SK":{"S":"1"},"GSI2SK":{"S":"x"}}}},
                  {"Update":{"TableName":"t","Key":{"PK":{"S":"TENANT#acme#2"},"SK":{"S":"2"}},
                             "UpdateExpression":"SET #a = :a","ExpressionAttributeNames":{"#a":"amount"},
                             "ExpressionAttributeValues":{":a":{"N":"1"}}}},
                  {"Delete":{"TableName":"t","Key":{"PK":{"S":"TENANT#acme#3"},"SK":{"S":"3"}}}},
                  {"ConditionCheck":{"TableName":"t","Key":{"PK":{"S":"TENANT#acme#4"},"SK":{"S":"4"}},
                                     "ConditionExpression":"attribute_exists(holder)"}}]}"""))
                .containsExactly(
                        new RequiredAuthorization("dynamodb:PutItem", TABLE, List.of("TENANT#acme#1"),
                                List.of("PK", "SK", "GSI2SK")),
                        new RequiredAuthorization("dynamodb:UpdateItem", TABLE, List.of("TENANT#acme#2"),
                                List.of("PK", "SK", "amount")),
                        new RequiredAuthorization("dynamodb:DeleteItem", TABLE, List.of("TENANT#acme#3"),
                                List.of("PK", "SK")),
                        new RequiredAuthorization("dynamodb:ConditionCheckItem", TABLE, List.of("TENANT#acme#4"),
                                List.of("PK", "SK", "holder")));
    }

    @Test
    void transactGetItems_eachGet_namesItsKeyAndProjection() {
        assertThat(attributesOf("TransactGetItems", """
                {"TransactItems":[{"Get":{"TableName":"t","Key":{"PK":{"S":"TENANT#acme#1"},"SK":{"S":"1"}},
                                          "ProjectionExpression":"#x","ExpressionAttributeNames":{"#x":"x"}}},
                                  {"Get":{"TableName":"t","Key":{"PK":{"S":"TENANT#acme#2"},"SK":{"S":"2"}}}}]}"""))
                .containsExactly(List.of("PK", "SK", "x"), List.of("PK", "SK"));
    }

    @Test
    void requestsNamingNoAttribute_haveAnEmptyList() {
        assertThat(attributesOf("Scan", "{\"TableName\":\"t\"}")).containsExactly(List.of());
        assertThat(attributesOf("DescribeTable", "{\"TableName\":\"t\"}")).containsExactly(List.of());
        assertThat(attributesOf("ExecuteStatement", "{\"Statement\":\"SELECT GSI1PK FROM t\"}"))
                .containsExactly(List.of());
    }

    @Test
    void expressionAliasMissingFromTheNames_countsAsItself() {
        assertThat(attributesOf("UpdateItem", """
                {"TableName":"t","Key":{"PK":{"S":"TENANT#acme#X"},"SK":{"S":"X"}},
                 "UpdateExpression":"SET #missing = :v","ExpressionAttributeValues":{":v":{"S":"v"}}}"""))
                .containsExactly(List.of("PK", "SK", "#missing"));
    }

    /** The authorisations without their attribute lists, for tests about actions, resources and leading keys. */
    private List<RequiredAuthorization> keysOf(String operation, String body) {
        return of(operation, body).stream()
                .map(a -> new RequiredAuthorization(a.action(), a.resource(), a.leadingKeys())).toList();
    }

    /** The attribute list of each authorisation, in order. */
    private List<List<String>> attributesOf(String operation, String body) {
        return of(operation, body).stream().map(RequiredAuthorization::attributes).toList();
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
