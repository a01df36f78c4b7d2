package dev.enclave.conformance;

import static dev.enclave.conformance.DeployedStacks.CURSOR_SECRET;
import static dev.enclave.conformance.DeployedStacks.LOG_GROUP;
import static dev.enclave.conformance.DeployedStacks.MAIL_SECRET;
import static dev.enclave.conformance.DeployedStacks.REGION;
import static dev.enclave.conformance.DeployedStacks.REPOSITORY;
import static dev.enclave.conformance.DeployedStacks.SEALING_SECRET;
import static dev.enclave.conformance.DeployedStacks.TABLE_ARN;
import static dev.enclave.conformance.DeployedStacks.TENANT_ROLE;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.sandbox.iam.AuthorizationRequest;
import dev.enclave.sandbox.iam.Decision;
import dev.enclave.sandbox.iam.PolicyEvaluator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The two roles of the deployed service, with the policies the templates attach to them resolved as CloudFormation
 * would (the task's: the table stack's application role; ECS's: the service stack's execution role), decided by our
 * evaluator and by {@code @cloud-copilot/iam-simulate}: each can do what the running service needs, and what it must
 * not do — read or write any item, scan an index, change the table, assume another role, read the secrets (task) or
 * touch the table, vend sessions, read other secrets or push images (execution) — is refused. The service is
 * deployed with invitation email and its SMTP credentials secret, so the execution role reads three secrets.
 */
class ServiceRolesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DeployedStacks STACKS = DeployedStacks.load();
    private static final String OTHER_ROLE = "arn:aws:iam::000000000000:role/admin";
    private static final String LOG_STREAM = "arn:aws:logs:" + REGION + ":000000000000:log-group:" + LOG_GROUP
            + ":log-stream:enclave/enclave/0f1e2d3c";
    private static final String LOG_GROUP_ARN = "arn:aws:logs:" + REGION + ":000000000000:log-group:" + LOG_GROUP;

    /** What the application does with its own role: vend tenant sessions, readiness, the consistency checker. */
    private static final List<Request> TASK_NEEDS = requests(
            "sts:AssumeRole", TENANT_ROLE, "sts:TagSession", TENANT_ROLE, "sts:SetSourceIdentity", TENANT_ROLE,
            "dynamodb:DescribeTable", TABLE_ARN, "dynamodb:Scan", TABLE_ARN);
    private static final List<Request> TASK_MUST_NOT = requests(
            "dynamodb:GetItem", TABLE_ARN, "dynamodb:PutItem", TABLE_ARN, "dynamodb:Query", TABLE_ARN,
            "dynamodb:UpdateItem", TABLE_ARN, "dynamodb:DeleteItem", TABLE_ARN, "dynamodb:BatchWriteItem", TABLE_ARN,
            "dynamodb:Scan", TABLE_ARN + "/index/GSI1", "dynamodb:DeleteTable", TABLE_ARN,
            "dynamodb:UpdateTable", TABLE_ARN, "dynamodb:ExportTableToPointInTime", TABLE_ARN,
            "dynamodb:DescribeTable", "arn:aws:dynamodb:" + REGION + ":000000000000:table/other",
            "sts:AssumeRole", OTHER_ROLE, "iam:PassRole", TENANT_ROLE,
            "secretsmanager:GetSecretValue", SEALING_SECRET, "secretsmanager:GetSecretValue", MAIL_SECRET,
            "logs:PutLogEvents", LOG_STREAM, "ecr:BatchGetImage", REPOSITORY);
    /** What ECS does with the execution role: pull the image, write the logs, hand the secrets to the container. */
    private static final List<Request> EXECUTION_NEEDS = requests(
            "ecr:GetAuthorizationToken", "*", "ecr:BatchGetImage", REPOSITORY,
            "ecr:GetDownloadUrlForLayer", REPOSITORY, "ecr:BatchCheckLayerAvailability", REPOSITORY,
            "logs:CreateLogStream", LOG_STREAM, "logs:PutLogEvents", LOG_STREAM,
            "secretsmanager:GetSecretValue", SEALING_SECRET, "secretsmanager:GetSecretValue", CURSOR_SECRET,
            "secretsmanager:GetSecretValue", MAIL_SECRET);
    private static final List<Request> EXECUTION_MUST_NOT = requests(
            "secretsmanager:GetSecretValue", "arn:aws:secretsmanager:" + REGION + ":000000000000:secret:other-XyZ123",
            "ecr:BatchGetImage", "arn:aws:ecr:" + REGION + ":000000000000:repository/other",
            "ecr:PutImage", REPOSITORY, "logs:DeleteLogGroup", LOG_GROUP_ARN, "logs:CreateLogGroup", LOG_GROUP_ARN,
            "logs:PutLogEvents", "arn:aws:logs:" + REGION + ":000000000000:log-group:other:log-stream:x",
            "dynamodb:GetItem", TABLE_ARN, "dynamodb:Scan", TABLE_ARN, "sts:AssumeRole", TENANT_ROLE);

    @Test
    void taskRole_canDoWhatTheAppNeeds_andNothingElse_byOurEvaluator() {
        List<String> policies = STACKS.taskRolePolicies();

        TASK_NEEDS.forEach(r -> assertThat(ours(policies, r)).as(r.toString()).isEqualTo(Decision.ALLOW));
        TASK_MUST_NOT.forEach(r -> assertThat(ours(policies, r)).as(r.toString()).isEqualTo(Decision.IMPLICIT_DENY));
    }

    @Test
    void executionRole_canDoWhatEcsNeeds_andNothingElse_byOurEvaluator() {
        List<String> policies = STACKS.executionRolePolicies();

        EXECUTION_NEEDS.forEach(r -> assertThat(ours(policies, r)).as(r.toString()).isEqualTo(Decision.ALLOW));
        EXECUTION_MUST_NOT.forEach(r -> assertThat(ours(policies, r)).as(r.toString())
                .isEqualTo(Decision.IMPLICIT_DENY));
    }

    @Test
    void bothRoles_grantExactlyTheseActions_onNamedResources() throws Exception {
        assertThat(granted(STACKS.taskRolePolicies())).containsExactlyInAnyOrder(
                "sts:AssumeRole " + TENANT_ROLE, "sts:TagSession " + TENANT_ROLE,
                "sts:SetSourceIdentity " + TENANT_ROLE, "dynamodb:DescribeTable " + TABLE_ARN,
                "dynamodb:Scan " + TABLE_ARN);
        assertThat(granted(STACKS.executionRolePolicies())).containsExactlyInAnyOrder(
                "ecr:GetAuthorizationToken *", "ecr:BatchCheckLayerAvailability " + REPOSITORY,
                "ecr:GetDownloadUrlForLayer " + REPOSITORY, "ecr:BatchGetImage " + REPOSITORY,
                "logs:CreateLogStream " + LOG_GROUP_ARN + ":log-stream:*",
                "logs:PutLogEvents " + LOG_GROUP_ARN + ":log-stream:*",
                "secretsmanager:GetSecretValue " + SEALING_SECRET, "secretsmanager:GetSecretValue " + CURSOR_SECRET,
                "secretsmanager:GetSecretValue " + MAIL_SECRET);
    }

    @Test
    void bothRoles_decideTheSameByIamSimulate() throws Exception {
        Path conformance = NodeConformance.directory("IAM conformance of the service roles",
                "@cloud-copilot/iam-simulate");
        List<Map<String, Object>> cases = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        add(cases, expected, STACKS.taskRolePolicies(), TASK_NEEDS, "ALLOW");
        add(cases, expected, STACKS.taskRolePolicies(), TASK_MUST_NOT, "IMPLICIT_DENY");
        add(cases, expected, STACKS.executionRolePolicies(), EXECUTION_NEEDS, "ALLOW");
        add(cases, expected, STACKS.executionRolePolicies(), EXECUTION_MUST_NOT, "IMPLICIT_DENY");
        Path input = Files.createTempFile("service-roles", ".json");
        JSON.writeValue(input.toFile(), cases);

        NodeConformance.Run run = NodeConformance.node(conformance, "evaluate.mjs", input.toString());
        Files.delete(input);

        assertThat(run.status()).as(run.output()).isZero();
        List<String> theirs = List.of(JSON.readValue(run.output(), String[].class));
        List<String> disagreements = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            if (!theirs.get(i).equals(expected.get(i))) {
                disagreements.add(cases.get(i).get("action") + " on " + cases.get(i).get("resource") + ": expected "
                        + expected.get(i) + ", iam-simulate " + theirs.get(i));
            }
        }
        assertThat(disagreements).as(String.join("\n", disagreements)).isEmpty();
    }

    private static void add(List<Map<String, Object>> cases, List<String> expected, List<String> policies,
                            List<Request> requests, String decision) {
        for (Request r : requests) {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("policies", policies);
            request.put("sessionPolicy", null);
            request.put("action", r.action());
            request.put("resource", r.resource());
            request.put("context", Map.of());
            cases.add(request);
            expected.add(decision);
        }
    }

    private static Decision ours(List<String> policies, Request request) {
        return PolicyEvaluator.evaluate(policies, new AuthorizationRequest(request.action(), request.resource(),
                Map.of()));
    }

    /** Every "action resource" pair the policies allow (they hold only Allow statements without conditions). */
    private static TreeSet<String> granted(List<String> policies) throws Exception {
        TreeSet<String> pairs = new TreeSet<>();
        for (String policy : policies) {
            for (JsonNode statement : JSON.readTree(policy).get("Statement")) {
                assertThat(statement.get("Effect").asText()).isEqualTo("Allow");
                assertThat(statement.has("Condition") || statement.has("NotAction") || statement.has("NotResource"))
                        .isFalse();
                for (JsonNode action : list(statement.get("Action"))) {
                    for (JsonNode resource : list(statement.get("Resource"))) {
                        pairs.add(action.asText() + " " + resource.asText());
                    }
                }
            }
        }
        return pairs;
    }

    private static JsonNode list(JsonNode node) {
        return node.isArray() ? node : JSON.createArrayNode().add(node);
    }

    /** An action on a resource, as the service would ask for it. */
    private record Request(String action, String resource) {
        @Override
        public String toString() {
            return action + " on " + resource;
        }
    }

    private static List<Request> requests(String... pairs) {
        List<Request> requests = new ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            requests.add(new Request(pairs[i], pairs[i + 1]));
        }
        return requests;
    }
}
