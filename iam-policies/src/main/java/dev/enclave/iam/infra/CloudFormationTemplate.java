package dev.enclave.iam.infra;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.iam.policy.RolePolicies;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.table.IndexDesign;
import dev.enclave.table.TableDesign;
import java.util.Map;
import software.amazon.awssdk.policybuilder.iam.IamPolicy;

/**
 * The CloudFormation template for Enclave's table and roles, generated from {@link TableDesign} (the same design the
 * local bootstrap creates the table from) and the typed role policies, so infrastructure and code cannot drift.
 * Policies are rendered with sentinel ARNs that become {@code Fn::Sub} references.
 */
public final class CloudFormationTemplate {

    /** The outputs the service template imports (as {@code <table stack>-<output>}). */
    public static final String TABLE_NAME_OUTPUT = "TableName";
    public static final String TABLE_ARN_OUTPUT = "TableArn";
    public static final String TENANT_ROLE_OUTPUT = "TenantAccessRoleArn";
    public static final String APPLICATION_ROLE_OUTPUT = "ApplicationRoleArn";

    private static final ObjectMapper JSON = Intrinsics.JSON;
    private static final String TABLE_SENTINEL = "arn:aws:dynamodb:us-east-1:111111111111:table/enclave-sentinel";
    private static final String TENANT_ROLE_SENTINEL = "arn:aws:iam::111111111111:role/enclave-tenant-sentinel";
    private static final String APP_ROLE_SENTINEL = "arn:aws:iam::111111111111:role/enclave-app-sentinel";
    private static final Map<String, String> SUBSTITUTIONS = Map.of(
            TABLE_SENTINEL, "arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}",
            TENANT_ROLE_SENTINEL, "${TenantAccessRole.Arn}",
            APP_ROLE_SENTINEL, "${ApplicationRole.Arn}");

    private CloudFormationTemplate() {
    }

    public static ObjectNode render(TableDesign design) {
        ObjectNode template = JSON.createObjectNode();
        template.put("AWSTemplateFormatVersion", "2010-09-09");
        template.put("Description", "Enclave: the single table and the roles tenant isolation relies on");
        ObjectNode parameters = template.putObject("Parameters");
        parameters.putObject("TableName").put("Type", "String").put("Default", "enclave");
        parameters.putObject("ApplicationService").put("Type", "String").put("Default", "ecs-tasks.amazonaws.com")
                .put("Description", "The AWS service the application runs on (trusted to assume its role)");
        ObjectNode resources = template.putObject("Resources");
        resources.set("Table", table(design));
        resources.set("ApplicationRole", applicationRole());
        resources.set("ApplicationRolePolicy", applicationRolePolicy());
        resources.set("TenantAccessRole", tenantAccessRole(design));
        ObjectNode outputs = template.putObject("Outputs");
        output(outputs, TABLE_NAME_OUTPUT, ref("Table"));
        output(outputs, TABLE_ARN_OUTPUT, getAtt("Table", "Arn"));
        output(outputs, TENANT_ROLE_OUTPUT, getAtt("TenantAccessRole", "Arn"));
        output(outputs, APPLICATION_ROLE_OUTPUT, getAtt("ApplicationRole", "Arn"));
        return template;
    }

    /** The template as reviewed, pretty-printed JSON (what {@code enclave.json} holds). */
    public static String renderJson(TableDesign design) {
        return Intrinsics.pretty(render(design));
    }

    /** Each output is exported as {@code <stack name>-<output>}, which the service template imports. */
    private static void output(ObjectNode outputs, String name, JsonNode value) {
        ObjectNode output = outputs.putObject(name);
        output.set("Value", value);
        output.set("Export", Intrinsics.export(name));
    }

    private static ObjectNode table(TableDesign design) {
        ObjectNode table = JSON.createObjectNode().put("Type", "AWS::DynamoDB::Table")
                .put("DeletionPolicy", "Retain").put("UpdateReplacePolicy", "Retain");
        ObjectNode properties = table.putObject("Properties");
        properties.set("TableName", ref("TableName"));
        properties.put("BillingMode", "PAY_PER_REQUEST");
        ArrayNode attributes = properties.putArray("AttributeDefinitions");
        design.keyAttributes().forEach(name -> attributes.addObject().put("AttributeName", name)
                .put("AttributeType", "S"));
        properties.set("KeySchema", keySchema(design.partitionKey(), design.sortKey()));
        ArrayNode indexes = properties.putArray("GlobalSecondaryIndexes");
        for (IndexDesign index : design.indexes()) {
            ObjectNode gsi = indexes.addObject().put("IndexName", index.indexName());
            gsi.set("KeySchema", keySchema(index.partitionKey(), index.sortKey()));
            gsi.putObject("Projection").put("ProjectionType", index.keysOnly() ? "KEYS_ONLY" : "ALL");
        }
        properties.putObject("TimeToLiveSpecification").put("AttributeName", design.ttlAttribute())
                .put("Enabled", true);
        properties.putObject("PointInTimeRecoverySpecification").put("PointInTimeRecoveryEnabled", true);
        properties.putObject("SSESpecification").put("SSEEnabled", true);
        properties.put("DeletionProtectionEnabled", true);
        return table;
    }

    private static ObjectNode applicationRole() {
        ObjectNode role = JSON.createObjectNode().put("Type", "AWS::IAM::Role");
        ObjectNode trust = role.putObject("Properties").putObject("AssumeRolePolicyDocument");
        trust.put("Version", "2012-10-17");
        ObjectNode statement = trust.putArray("Statement").addObject().put("Effect", "Allow")
                .put("Action", "sts:AssumeRole");
        statement.putObject("Principal").set("Service", ref("ApplicationService"));
        return role;
    }

    private static ObjectNode applicationRolePolicy() {
        ObjectNode policy = JSON.createObjectNode().put("Type", "AWS::IAM::Policy");
        ObjectNode properties = policy.putObject("Properties").put("PolicyName", "enclave-application");
        properties.putArray("Roles").add(ref("ApplicationRole"));
        properties.set("PolicyDocument", substituted(RolePolicies.applicationRole(new TableArn(TABLE_SENTINEL),
                TENANT_ROLE_SENTINEL)));
        return policy;
    }

    private static ObjectNode tenantAccessRole(TableDesign design) {
        ObjectNode role = JSON.createObjectNode().put("Type", "AWS::IAM::Role");
        ObjectNode properties = role.putObject("Properties");
        properties.put("MaxSessionDuration", 3600);
        properties.set("AssumeRolePolicyDocument", substituted(RolePolicies.tenantRoleTrust(APP_ROLE_SENTINEL)));
        ObjectNode inline = properties.putArray("Policies").addObject().put("PolicyName", "enclave-tenant-items");
        inline.set("PolicyDocument", substituted(RolePolicies.tenantRolePermissions(new TableArn(TABLE_SENTINEL),
                design)));
        return role;
    }

    private static JsonNode substituted(IamPolicy policy) {
        return Intrinsics.substituted(policy, SUBSTITUTIONS);
    }

    private static ArrayNode keySchema(String partitionKey, String sortKey) {
        ArrayNode schema = JSON.createArrayNode();
        schema.addObject().put("AttributeName", partitionKey).put("KeyType", "HASH");
        schema.addObject().put("AttributeName", sortKey).put("KeyType", "RANGE");
        return schema;
    }

    private static ObjectNode ref(String name) {
        return Intrinsics.ref(name);
    }

    private static ObjectNode getAtt(String resource, String attribute) {
        return Intrinsics.getAtt(resource, attribute);
    }
}
