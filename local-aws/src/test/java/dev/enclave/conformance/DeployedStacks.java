package dev.enclave.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table stack ({@code enclave.json}) and the service stack ({@code enclave-service.json}) as CloudFormation would
 * deploy them in one account and region: every {@code Ref}, {@code Fn::GetAtt}, {@code Fn::Sub} and
 * {@code Fn::ImportValue} resolved to concrete values, every {@code Fn::If} to the branch its condition takes
 * ({@code AWS::NoValue} dropped), so the policies attached to a role can be handed to IAM evaluators exactly as AWS
 * would see them. The service is deployed with every option on: invitation email with SMTP credentials.
 */
public final class DeployedStacks {

    public static final String ACCOUNT = "000000000000";
    public static final String REGION = "eu-west-1";
    public static final String TABLE_ARN = "arn:aws:dynamodb:" + REGION + ":" + ACCOUNT + ":table/enclave";
    public static final String TENANT_ROLE = "arn:aws:iam::" + ACCOUNT + ":role/enclave-TenantAccessRole-T3N4NT";
    public static final String APPLICATION_ROLE = "arn:aws:iam::" + ACCOUNT + ":role/enclave-ApplicationRole-APP1";
    public static final String EXECUTION_ROLE = "arn:aws:iam::" + ACCOUNT + ":role/enclave-svc-ExecutionRole-EX3C";
    public static final String LOG_GROUP = "enclave-svc-LogGroup-L0G5";
    public static final String REPOSITORY = "arn:aws:ecr:" + REGION + ":" + ACCOUNT + ":repository/enclave";
    public static final String SEALING_SECRET = "arn:aws:secretsmanager:" + REGION + ":" + ACCOUNT
            + ":secret:enclave/sealing-keys-AbCdEf";
    public static final String CURSOR_SECRET = "arn:aws:secretsmanager:" + REGION + ":" + ACCOUNT
            + ":secret:enclave/cursor-key-GhIjKl";
    public static final String MAIL_SECRET = "arn:aws:secretsmanager:" + REGION + ":" + ACCOUNT
            + ":secret:enclave/smtp-MnOpQr";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]+)}");

    private final JsonNode table;
    private final JsonNode service;
    private final Map<String, String> exports = new HashMap<>();

    private DeployedStacks(JsonNode table, JsonNode service) {
        this.table = table;
        this.service = service;
        table.get("Outputs").fields().forEachRemaining(output -> exports.put(
                resolve(output.getValue().at("/Export/Name"), tableValues()).asText(),
                resolve(output.getValue().get("Value"), tableValues()).asText()));
    }

    /** Both templates as packaged with {@code iam-policies}. */
    public static DeployedStacks load() {
        return new DeployedStacks(read("/cloudformation/enclave.json"), read("/cloudformation/enclave-service.json"));
    }

    public JsonNode serviceTemplate() {
        return service;
    }

    /** The policy documents of the role the service's task runs as (the table stack's application role). */
    public List<String> taskRolePolicies() {
        String roleArn = resolve(service.at("/Resources/TaskDefinition/Properties/TaskRoleArn"), serviceValues())
                .asText();
        if (!roleArn.equals(APPLICATION_ROLE)) {
            throw new IllegalStateException("the task runs as " + roleArn + ", not the application role");
        }
        return policiesOf(table, "ApplicationRole", tableValues());
    }

    /** The policy documents of the service's task execution role. */
    public List<String> executionRolePolicies() {
        return policiesOf(service, "ExecutionRole", serviceValues());
    }

    /** The role's inline policies and every {@code AWS::IAM::Policy} attached to it; managed policies refused. */
    private List<String> policiesOf(JsonNode template, String role, Map<String, String> values) {
        JsonNode properties = template.at("/Resources/" + role + "/Properties");
        if (properties.has("ManagedPolicyArns")) {
            throw new IllegalStateException(role + " has managed policies, which this test cannot see into");
        }
        List<String> policies = new ArrayList<>();
        properties.path("Policies").forEach(p -> policies.add(resolve(p.get("PolicyDocument"), values).toString()));
        template.get("Resources").forEach(resource -> {
            if (resource.get("Type").asText().equals("AWS::IAM::Policy")
                    && resource.at("/Properties/Roles").findValuesAsText("Ref").contains(role)) {
                policies.add(resolve(resource.at("/Properties/PolicyDocument"), values).toString());
            }
        });
        return policies;
    }

    private Map<String, String> tableValues() {
        Map<String, String> values = pseudo("enclave");
        values.put("TableName", "enclave");
        values.put("Table", "enclave");
        values.put("Table.Arn", TABLE_ARN);
        values.put("TenantAccessRole.Arn", TENANT_ROLE);
        values.put("ApplicationRole.Arn", APPLICATION_ROLE);
        values.put("ApplicationService", "ecs-tasks.amazonaws.com");
        return values;
    }

    private Map<String, String> serviceValues() {
        Map<String, String> values = pseudo("enclave-svc");
        values.put("TableStack", "enclave");
        values.put("ImageRepository", "enclave");
        values.put("LogGroup", LOG_GROUP);
        values.put("ExecutionRole.Arn", EXECUTION_ROLE);
        values.put("SealingKeysSecretArn", SEALING_SECRET);
        values.put("CursorKeySecretArn", CURSOR_SECRET);
        values.put("MailHost", "email-smtp." + REGION + ".amazonaws.com");
        values.put("MailCredentialsSecretArn", MAIL_SECRET);
        return values;
    }

    private static Map<String, String> pseudo(String stack) {
        Map<String, String> values = new HashMap<>();
        values.put("AWS::Partition", "aws");
        values.put("AWS::Region", REGION);
        values.put("AWS::AccountId", ACCOUNT);
        values.put("AWS::URLSuffix", "amazonaws.com");
        values.put("AWS::StackName", stack);
        return values;
    }

    private JsonNode resolve(JsonNode node, Map<String, String> values) {
        if (node.isObject() && node.size() == 1) {
            Map.Entry<String, JsonNode> only = node.fields().next();
            switch (only.getKey()) {
                case "Ref" -> {
                    if (only.getValue().asText().equals("AWS::NoValue")) {
                        return null;
                    }
                    return TextNode.valueOf(value(only.getValue().asText(), values));
                }
                case "Fn::GetAtt" -> {
                    return TextNode.valueOf(value(only.getValue().get(0).asText() + "." + only.getValue().get(1)
                            .asText(), values));
                }
                case "Fn::Sub" -> {
                    Matcher variable = VARIABLE.matcher(only.getValue().asText());
                    StringBuilder text = new StringBuilder();
                    while (variable.find()) {
                        variable.appendReplacement(text, Matcher.quoteReplacement(value(variable.group(1), values)));
                    }
                    return TextNode.valueOf(variable.appendTail(text).toString());
                }
                case "Fn::If" -> {
                    boolean holds = holds(condition(only.getValue().get(0).asText()), values);
                    return resolve(only.getValue().get(holds ? 1 : 2), values);
                }
                case "Fn::ImportValue" -> {
                    String name = resolve(only.getValue(), values).asText();
                    if (!exports.containsKey(name)) {
                        throw new IllegalStateException("the table stack exports no " + name);
                    }
                    return TextNode.valueOf(exports.get(name));
                }
                default -> {
                    // not an intrinsic function: an object of one field
                }
            }
        }
        if (node.isObject()) {
            ObjectNode copy = JSON.createObjectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode value = resolve(field.getValue(), values);
                if (value != null) {
                    copy.set(field.getKey(), value);
                }
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JSON.createArrayNode();
            node.forEach(item -> {
                JsonNode value = resolve(item, values);
                if (value != null) {
                    copy.add(value);
                }
            });
            return copy;
        }
        return node;
    }

    /** A condition the templates define (only the service's has any). */
    private JsonNode condition(String name) {
        JsonNode condition = service.path("Conditions").path(name);
        if (condition.isMissingNode()) {
            throw new IllegalStateException("no condition " + name);
        }
        return condition;
    }

    /** Whether a condition holds: its parameters are those in {@code values}, the others empty. */
    private boolean holds(JsonNode condition, Map<String, String> values) {
        Map.Entry<String, JsonNode> function = condition.fields().next();
        JsonNode arguments = function.getValue();
        return switch (function.getKey()) {
            case "Fn::Not" -> !holds(arguments.get(0), values);
            case "Fn::And" -> {
                boolean all = true;
                for (JsonNode argument : arguments) {
                    all &= holds(argument, values);
                }
                yield all;
            }
            case "Fn::Equals" -> operand(arguments.get(0), values).equals(operand(arguments.get(1), values));
            case "Condition" -> holds(condition(arguments.asText()), values);
            default -> throw new IllegalStateException("cannot decide " + condition);
        };
    }

    private static String operand(JsonNode node, Map<String, String> values) {
        return node.has("Ref") ? values.getOrDefault(node.get("Ref").asText(), "") : node.asText();
    }

    private static String value(String name, Map<String, String> values) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalStateException("nothing to resolve " + name + " to");
        }
        return value;
    }

    private static JsonNode read(String resource) {
        try (InputStream in = DeployedStacks.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path (iam-policies)");
            }
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
