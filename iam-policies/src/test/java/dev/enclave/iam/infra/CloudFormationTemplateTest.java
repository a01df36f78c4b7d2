package dev.enclave.iam.infra;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.table.TableDesign;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CloudFormationTemplateTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void checkedInTemplate_isExactlyWhatTheDesignGenerates() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/cloudformation/enclave.json")) {
            assertThat(JSON.readTree(in))
                    .as("iam-policies/src/main/resources/cloudformation/enclave.json is stale; regenerate it with "
                            + "java -jar iam-policies/target/enclave-iam-policies.jar infra-template")
                    .isEqualTo(CloudFormationTemplate.render(TableDesign.ENCLAVE));
        }
    }

    @Test
    void table_hasTheDesignsKeysIndexesAndTtl_andIsProtected() {
        JsonNode table = CloudFormationTemplate.render(TableDesign.ENCLAVE).at("/Resources/Table/Properties");

        assertThat(table.at("/KeySchema/0/AttributeName").asText()).isEqualTo("PK");
        assertThat(names(table.get("GlobalSecondaryIndexes"), "IndexName")).containsExactly("GSI1", "GSI2", "GSI3");
        assertThat(names(table.get("AttributeDefinitions"), "AttributeName"))
                .containsExactly("PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "GSI3PK", "GSI3SK");
        assertThat(table.at("/TimeToLiveSpecification/AttributeName").asText()).isEqualTo("expiresAt");
        assertThat(table.at("/PointInTimeRecoverySpecification/PointInTimeRecoveryEnabled").asBoolean()).isTrue();
        assertThat(table.at("/SSESpecification/SSEEnabled").asBoolean()).isTrue();
        assertThat(table.get("DeletionProtectionEnabled").asBoolean()).isTrue();
    }

    @Test
    void tenantRole_trustsOnlyTheApplicationRole_andNamesTheTableByReference() {
        JsonNode role = CloudFormationTemplate.render(TableDesign.ENCLAVE).at("/Resources/TenantAccessRole/Properties");

        assertThat(role.at("/AssumeRolePolicyDocument/Statement/0/Principal/AWS/Fn::Sub").asText())
                .isEqualTo("${ApplicationRole.Arn}");
        for (JsonNode statement : role.at("/Policies/0/PolicyDocument/Statement")) {
            assertThat(statement.at("/Resource/0/Fn::Sub").asText())
                    .isEqualTo("arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}");
        }
        assertThat(role.at("/Policies/0/PolicyDocument/Statement/0/Condition/ForAllValues:StringLike"
                + "/dynamodb:LeadingKeys").asText()).as("the role itself confines a tagged session to its tenant, "
                + "a literal IAM variable and no Fn::Sub").isEqualTo("TENANT#${aws:PrincipalTag/TenantId}#*");
        assertThat(role.toString()).doesNotContain("sentinel");
    }

    private static List<String> names(JsonNode array, String field) {
        List<String> names = new ArrayList<>();
        array.forEach(node -> names.add(node.get(field).asText()));
        return names;
    }
}
