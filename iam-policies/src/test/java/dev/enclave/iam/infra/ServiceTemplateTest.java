package dev.enclave.iam.infra;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.table.TableDesign;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ServiceTemplateTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode SERVICE = ServiceTemplate.render();
    private static final JsonNode TASK = SERVICE.at("/Resources/TaskDefinition/Properties");
    private static final JsonNode CONTAINER = TASK.at("/ContainerDefinitions/0");

    @Test
    void checkedInTemplate_isExactlyWhatTheCodeGenerates() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/cloudformation/enclave-service.json")) {
            assertThat(JSON.readTree(in))
                    .as("iam-policies/src/main/resources/cloudformation/enclave-service.json is stale; regenerate it "
                            + "with java -jar iam-policies/target/enclave-iam-policies.jar service-template")
                    .isEqualTo(SERVICE);
        }
    }

    @Test
    void task_runsAsTheTableStacksApplicationRole_onFargate_readOnly_nonRoot() {
        assertThat(TASK.at("/TaskRoleArn/Fn::ImportValue/Fn::Sub").asText()).isEqualTo("${TableStack}-"
                + CloudFormationTemplate.APPLICATION_ROLE_OUTPUT);
        assertThat(TASK.get("RequiresCompatibilities").toString()).isEqualTo("[\"FARGATE\"]");
        assertThat(TASK.get("NetworkMode").asText()).isEqualTo("awsvpc");
        assertThat(CONTAINER.get("ReadonlyRootFilesystem").asBoolean()).isTrue();
        assertThat(CONTAINER.get("User").asText()).isEqualTo("65532:65532");
        assertThat(CONTAINER.at("/PortMappings/0/ContainerPort").asInt()).isEqualTo(8080);
    }

    @Test
    void everyExportTheServiceImports_isOneTheTableStackExports() {
        JsonNode table = CloudFormationTemplate.render(TableDesign.ENCLAVE);
        List<String> exported = new ArrayList<>();
        table.get("Outputs").fields().forEachRemaining(o -> exported.add(
                o.getValue().at("/Export/Name/Fn::Sub").asText().replace("${AWS::StackName}", "${TableStack}")));
        List<String> imported = new ArrayList<>();
        collect(SERVICE.get("Resources"), "Fn::ImportValue", imported);

        assertThat(imported).isNotEmpty().allSatisfy(name -> assertThat(exported).contains(name));
        assertThat(imported.stream().map(i -> i.replace("${TableStack}-", "")).distinct())
                .containsExactlyInAnyOrder("TableName", "TableArn", "TenantAccessRoleArn", "ApplicationRoleArn");
    }

    @Test
    void secrets_comeFromSecretsManager_andNeverAsPlainEnvironment() {
        Map<String, String> secrets = new TreeMap<>();
        CONTAINER.get("Secrets").forEach(s -> secrets.put(s.get("Name").asText(), s.at("/ValueFrom/Ref").asText()));
        List<String> environment = new ArrayList<>();
        collect(CONTAINER.get("Environment"), "Name", environment);

        assertThat(secrets).isEqualTo(new TreeMap<>(ServiceTemplate.SECRETS));
        assertThat(environment).doesNotContainAnyElementsOf(secrets.keySet());
        JsonNode executionPolicy = SERVICE.at("/Resources/ExecutionRole/Properties/Policies/0/PolicyDocument");
        assertThat(statement(executionPolicy, "ReadTheSecrets").get("Resource").toString())
                .isEqualTo("[{\"Fn::Sub\":\"${SealingKeysSecretArn}\"},{\"Fn::Sub\":\"${CursorKeySecretArn}\"}]");
    }

    @Test
    void healthChecks_containerOnLiveness_loadBalancerOnReadiness() {
        assertThat(CONTAINER.at("/HealthCheck/Command").toString())
                .contains("dev.enclave.app.infra.startup.HealthProbe").startsWith("[\"CMD\",\"java\"");
        JsonNode group = SERVICE.at("/Resources/TargetGroup/Properties");
        assertThat(group.get("HealthCheckPath").asText()).isEqualTo("/health/readiness");
        assertThat(group.get("TargetType").asText()).isEqualTo("ip");
    }

    @Test
    void deployment_isRolling_keepsFullCapacity_rollsBack_andStopsWithinTheDrain() {
        JsonNode service = SERVICE.at("/Resources/Service/Properties");
        assertThat(service.at("/DeploymentConfiguration/MinimumHealthyPercent").asInt()).isEqualTo(100);
        assertThat(service.at("/DeploymentConfiguration/MaximumPercent").asInt()).isEqualTo(200);
        assertThat(service.at("/DeploymentConfiguration/DeploymentCircuitBreaker/Rollback").asBoolean()).isTrue();
        assertThat(service.at("/LoadBalancers/0/TargetGroupArn/Ref").asText()).isEqualTo("TargetGroup");
        assertThat(CONTAINER.get("StopTimeout").asInt()).isEqualTo(ServiceTemplate.STOP_TIMEOUT_SECONDS);
        assertThat(SERVICE.at("/Resources/TargetGroup/Properties/TargetGroupAttributes/0/Value").asText())
                .isEqualTo(Integer.toString(ServiceTemplate.DEREGISTRATION_DELAY_SECONDS));
    }

    @Test
    void scalesOnCpu_logsToItsGroup_andServesOnlyHttps() {
        JsonNode scaling = SERVICE.at("/Resources/CpuScaling/Properties/TargetTrackingScalingPolicyConfiguration");
        assertThat(scaling.at("/PredefinedMetricSpecification/PredefinedMetricType").asText())
                .isEqualTo("ECSServiceAverageCPUUtilization");
        assertThat(CONTAINER.at("/LogConfiguration/LogDriver").asText()).isEqualTo("awslogs");
        assertThat(CONTAINER.at("/LogConfiguration/Options/awslogs-group/Ref").asText()).isEqualTo("LogGroup");
        assertThat(SERVICE.at("/Resources/HttpsListener/Properties/Protocol").asText()).isEqualTo("HTTPS");
        assertThat(SERVICE.at("/Resources/HttpListener/Properties/DefaultActions/0/Type").asText())
                .isEqualTo("redirect");
        assertThat(SERVICE.at("/Resources/MetricsNotPublic/Properties/Conditions/0/PathPatternConfig/Values/0")
                .asText()).isEqualTo("/prometheus");
        assertThat(SERVICE.at("/Resources/ServiceSecurityGroup/Properties/SecurityGroupIngress/0"
                + "/SourceSecurityGroupId/Fn::GetAtt/0").asText()).isEqualTo("LoadBalancerSecurityGroup");
    }

    @Test
    void consistencyCheck_runsTheCheckerWithTheSameRole() {
        JsonNode check = SERVICE.at("/Resources/ConsistencyCheckTaskDefinition/Properties");
        assertThat(check.get("TaskRoleArn")).isEqualTo(TASK.get("TaskRoleArn"));
        assertThat(check.at("/ContainerDefinitions/0/EntryPoint").toString())
                .endsWith("\"dev.enclave.app.infra.consistency.ConsistencyCheck\"]");
        assertThat(check.toString()).doesNotContain("sentinel");
        assertThat(SERVICE.toString()).doesNotContain("sentinel").doesNotContain("111111111111");
    }

    private static JsonNode statement(JsonNode policy, String sid) {
        for (JsonNode statement : policy.get("Statement")) {
            if (statement.get("Sid").asText().equals(sid)) {
                return statement;
            }
        }
        throw new AssertionError("no statement " + sid + " in " + policy);
    }

    private static void collect(JsonNode node, String field, List<String> found) {
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> {
                if (f.getKey().equals(field)) {
                    found.add(f.getValue().isTextual() ? f.getValue().asText()
                            : f.getValue().path("Fn::Sub").asText());
                } else {
                    collect(f.getValue(), field, found);
                }
            });
        } else if (node.isArray()) {
            node.forEach(child -> collect(child, field, found));
        }
    }
}
