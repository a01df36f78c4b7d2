package dev.enclave.iam.infra;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.table.TableDesign;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

class ServiceTemplateTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode SERVICE = ServiceTemplate.render();
    private static final JsonNode TASK = SERVICE.at("/Resources/TaskDefinition/Properties");
    private static final JsonNode CONTAINER = TASK.at("/ContainerDefinitions/0");
    private static final String MAIL_SECRET = "arn:aws:secretsmanager:eu-west-1:000000000000:secret:enclave/smtp-AbCdEf";

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
        CONTAINER.get("Secrets").forEach(s -> {
            if (!s.has("Fn::If")) {
                secrets.put(s.get("Name").asText(), s.at("/ValueFrom/Ref").asText());
            }
        });
        List<String> everySecret = new ArrayList<>();
        collect(CONTAINER.get("Secrets"), "Name", everySecret);
        List<String> environment = new ArrayList<>();
        collect(CONTAINER.get("Environment"), "Name", environment);

        assertThat(secrets).isEqualTo(new TreeMap<>(ServiceTemplate.SECRETS));
        assertThat(everySecret).containsExactlyInAnyOrder("ENCLAVE_CURSOR_KEY", "ENCLAVE_IDEMPOTENCY_SEALING_KEYS",
                "ENCLAVE_MAIL_PASSWORD", "ENCLAVE_MAIL_USERNAME");
        assertThat(environment).doesNotContainAnyElementsOf(everySecret);
        JsonNode executionPolicy = SERVICE.at("/Resources/ExecutionRole/Properties/Policies/0/PolicyDocument");
        assertThat(statement(executionPolicy, "ReadTheSecrets").get("Resource").toString())
                .isEqualTo("[{\"Fn::Sub\":\"${SealingKeysSecretArn}\"},{\"Fn::Sub\":\"${CursorKeySecretArn}\"},"
                        + "{\"Fn::If\":[\"HasMailCredentials\",{\"Ref\":\"MailCredentialsSecretArn\"},"
                        + "{\"Ref\":\"AWS::NoValue\"}]}]");
    }

    @Test
    void mail_withoutMailHost_setsNoMailSetting_andReadsNoMailSecret() {
        for (Map<String, String> parameters : List.of(Map.<String, String>of(),
                Map.of("MailCredentialsSecretArn", MAIL_SECRET, "MailFrom", "Enclave <no-reply@example.com>"))) {
            Deployment deployed = new Deployment(parameters);

            assertThat(deployed.environment().keySet()).as(parameters.toString())
                    .noneMatch(name -> name.startsWith("ENCLAVE_MAIL_"))
                    .doesNotContain(ServiceTemplate.ACCEPT_LINK_TEMPLATE);
            assertThat(deployed.secrets().keySet()).as(parameters.toString())
                    .containsExactlyInAnyOrderElementsOf(ServiceTemplate.SECRETS.keySet());
            assertThat(deployed.secretsRead()).as(parameters.toString()).containsExactly(
                    "{\"Fn::Sub\":\"${SealingKeysSecretArn}\"}", "{\"Fn::Sub\":\"${CursorKeySecretArn}\"}");
        }
    }

    @Test
    void mail_withMailHostAndCredentials_setsEverySetting_andReadsTheCredentialsByJsonKey() {
        Deployment deployed = new Deployment(Map.of("MailHost", "email-smtp.eu-west-1.amazonaws.com",
                "MailFrom", "Enclave <no-reply@example.com>", "MailCredentialsSecretArn", MAIL_SECRET,
                "AcceptLinkTemplate", "https://app.example.com/accept?token={token}"));

        Map<String, String> environment = new TreeMap<>(deployed.environment());
        environment.keySet().removeIf(name -> !name.startsWith("ENCLAVE_MAIL_") && !name.startsWith("ENCLAVE_INV"));
        assertThat(environment).containsExactlyInAnyOrderEntriesOf(Map.of(
                "ENCLAVE_MAIL_HOST", "{\"Ref\":\"MailHost\"}",
                "ENCLAVE_MAIL_PORT", "{\"Ref\":\"MailPort\"}",
                "ENCLAVE_MAIL_SECURITY", "{\"Ref\":\"MailSecurity\"}",
                "ENCLAVE_MAIL_FROM", "{\"Ref\":\"MailFrom\"}",
                "ENCLAVE_INVITATIONS_ACCEPT_LINK_TEMPLATE", "{\"Ref\":\"AcceptLinkTemplate\"}"));
        assertThat(deployed.secrets()).containsEntry("ENCLAVE_MAIL_USERNAME",
                        "{\"Fn::Sub\":\"${MailCredentialsSecretArn}:username::\"}")
                .containsEntry("ENCLAVE_MAIL_PASSWORD", "{\"Fn::Sub\":\"${MailCredentialsSecretArn}:password::\"}")
                .hasSize(4);
        assertThat(deployed.secretsRead()).containsExactly("{\"Fn::Sub\":\"${SealingKeysSecretArn}\"}",
                "{\"Fn::Sub\":\"${CursorKeySecretArn}\"}", "{\"Ref\":\"MailCredentialsSecretArn\"}");
        assertThat(deployed.refusals()).isEmpty();
    }

    @Test
    void mail_withMailHostButNoCredentials_sendsUnauthenticated_andReadsNoMailSecret() {
        Deployment deployed = new Deployment(Map.of("MailHost", "relay.internal.example.com", "MailSecurity", "none",
                "MailFrom", "no-reply@example.com", "AcceptLinkTemplate", "https://app.example.com/a/{org}/{token}"));

        assertThat(deployed.environment()).containsKeys(ServiceTemplate.MAIL_SETTINGS.keySet().toArray(String[]::new))
                .containsKey(ServiceTemplate.ACCEPT_LINK_TEMPLATE);
        assertThat(deployed.secrets().keySet()).containsExactlyInAnyOrderElementsOf(ServiceTemplate.SECRETS.keySet());
        assertThat(deployed.secretsRead()).hasSize(2);
        assertThat(deployed.refusals()).isEmpty();
    }

    @Test
    void acceptLinkTemplate_withoutMail_isSetForInvitationsByWebhook() {
        Deployment deployed = new Deployment(Map.of("AcceptLinkTemplate", "https://app.example.com/accept#{token}"));

        assertThat(deployed.environment()).containsEntry(ServiceTemplate.ACCEPT_LINK_TEMPLATE,
                "{\"Ref\":\"AcceptLinkTemplate\"}");
        assertThat(deployed.environment().keySet()).noneMatch(name -> name.startsWith("ENCLAVE_MAIL_"));
        assertThat(deployed.refusals()).isEmpty();
    }

    @Test
    void mailParameters_defaultToMailOff_onPort587WithStarttls() {
        JsonNode parameters = SERVICE.get("Parameters");
        for (String name : List.of("MailHost", "MailFrom", "MailCredentialsSecretArn", "AcceptLinkTemplate")) {
            assertThat(parameters.at("/" + name + "/Default").asText()).as(name).isEmpty();
            assertThat(parameters.at("/" + name + "/Type").asText()).as(name).isEqualTo("String");
        }
        assertThat(parameters.at("/MailPort/Default").asInt()).isEqualTo(587);
        assertThat(parameters.at("/MailPort/MaxValue").asInt()).isEqualTo(65535);
        assertThat(parameters.at("/MailSecurity/Default").asText()).isEqualTo("starttls");
        assertThat(parameters.at("/MailSecurity/AllowedValues").toString()).isEqualTo("[\"starttls\",\"tls\",\"none\"]");
        assertThat(new TreeMap<>(ServiceTemplate.MAIL_SETTINGS).values())
                .allSatisfy(parameter -> assertThat(parameters.has(parameter)).as(parameter).isTrue());
    }

    @Test
    void acceptLinkTemplate_isEmptyOrAnHttpsUrlWithTheToken() {
        Pattern allowed = Pattern.compile(SERVICE.at("/Parameters/AcceptLinkTemplate/AllowedPattern").asText());

        assertThat(List.of("", "https://app.example.com/accept?token={token}",
                "https://app.example.com/orgs/{org}/accept#{token}"))
                .allSatisfy(link -> assertThat(allowed.matcher(link).matches()).as(link).isTrue());
        assertThat(List.of("http://app.example.com/accept?token={token}", "https://app.example.com/accept",
                "https://app.example.com/accept?token={token} ", "javascript:{token}"))
                .allSatisfy(link -> assertThat(allowed.matcher(link).matches()).as(link).isFalse());
    }

    @Test
    void rules_refuseMailWithoutSenderOrLink_andCredentialsWithoutMailOrTls() {
        assertThat(new Deployment(Map.of()).refusals()).isEmpty();
        assertThat(new Deployment(Map.of("MailHost", "email-smtp.eu-west-1.amazonaws.com")).refusals())
                .anyMatch(refusal -> refusal.startsWith("MailFrom is required"))
                .anyMatch(refusal -> refusal.startsWith("AcceptLinkTemplate is required")).hasSize(2);
        assertThat(new Deployment(Map.of("MailCredentialsSecretArn", MAIL_SECRET)).refusals())
                .containsExactly("MailCredentialsSecretArn is used only with MailHost");
        assertThat(new Deployment(Map.of("MailHost", "relay.example.com", "MailFrom", "a@example.com",
                "AcceptLinkTemplate", "https://app.example.com/{token}", "MailSecurity", "none",
                "MailCredentialsSecretArn", MAIL_SECRET)).refusals())
                .singleElement().asString().startsWith("MailSecurity must be starttls or tls");
        List<String> referenced = new ArrayList<>();
        collect(SERVICE.get("Rules"), "Ref", referenced);
        assertThat(referenced).isNotEmpty().allSatisfy(name -> assertThat(SERVICE.get("Parameters").has(name))
                .as(name).isTrue());
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
    void securityGroupDescriptions_useOnlyTheCharactersEc2Accepts() {
        // CreateSecurityGroup in a VPC refuses any other character (an apostrophe, say) and the stack with it
        Pattern accepted = Pattern.compile("[a-zA-Z0-9 ._\\-:/()#,@\\[\\]+=&;{}!$*]{1,255}");
        List<String> descriptions = new ArrayList<>();
        SERVICE.get("Resources").forEach(resource -> {
            if (resource.get("Type").asText().equals("AWS::EC2::SecurityGroup")) {
                descriptions.add(resource.at("/Properties/GroupDescription").asText());
            }
        });

        assertThat(descriptions).hasSize(2)
                .allSatisfy(description -> assertThat(description).matches(accepted));
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

    /**
     * The service stack as CloudFormation would deploy it with these parameters (the others at their defaults):
     * its conditions and rules decided, every {@code Fn::If} replaced by the branch it takes, {@code AWS::NoValue}
     * dropped. Values stay as the template writes them ({@code {"Ref":"MailHost"}}).
     */
    private record Deployment(Map<String, String> parameters) {

        Deployment {
            Map<String, String> all = new HashMap<>();
            SERVICE.get("Parameters").fields().forEachRemaining(p -> {
                if (p.getValue().has("Default")) {
                    all.put(p.getKey(), p.getValue().get("Default").asText());
                }
            });
            all.putAll(parameters);
            parameters = Map.copyOf(all);
        }

        /** The container's environment: each variable's name and value (as JSON). */
        Map<String, String> environment() {
            return named(chosen(CONTAINER.get("Environment")), "Value");
        }

        /** The container's secrets: each variable's name and where ECS reads it from (as JSON). */
        Map<String, String> secrets() {
            return named(chosen(CONTAINER.get("Secrets")), "ValueFrom");
        }

        /** The secrets the execution role may read (each as JSON). */
        List<String> secretsRead() {
            JsonNode policy = chosen(SERVICE.at("/Resources/ExecutionRole/Properties/Policies/0/PolicyDocument"));
            List<String> read = new ArrayList<>();
            statement(policy, "ReadTheSecrets").get("Resource").forEach(r -> read.add(r.toString()));
            return read;
        }

        /** The description of every rule's assertion that fails: CloudFormation refuses the stack with them. */
        List<String> refusals() {
            List<String> refusals = new ArrayList<>();
            SERVICE.get("Rules").forEach(rule -> {
                if (!rule.has("RuleCondition") || holds(rule.get("RuleCondition"))) {
                    rule.get("Assertions").forEach(a -> {
                        if (!holds(a.get("Assert"))) {
                            refusals.add(a.get("AssertDescription").asText());
                        }
                    });
                }
            });
            return refusals;
        }

        private boolean holds(JsonNode condition) {
            Map.Entry<String, JsonNode> function = condition.fields().next();
            JsonNode arguments = function.getValue();
            return switch (function.getKey()) {
                case "Fn::Not" -> !holds(arguments.get(0));
                case "Fn::And" -> stream(arguments).allMatch(this::holds);
                case "Fn::Or" -> stream(arguments).anyMatch(this::holds);
                case "Fn::Equals" -> Objects.equals(value(arguments.get(0)), value(arguments.get(1)));
                case "Condition" -> holds(SERVICE.at("/Conditions/" + arguments.asText()));
                default -> throw new AssertionError("not a condition: " + condition);
            };
        }

        private String value(JsonNode node) {
            return node.has("Ref") ? parameters.get(node.get("Ref").asText()) : node.asText();
        }

        /** {@code node} with each {@code Fn::If} replaced by its branch; null for {@code AWS::NoValue}. */
        private JsonNode chosen(JsonNode node) {
            if (node.isObject() && node.has("Fn::If")) {
                JsonNode arguments = node.get("Fn::If");
                boolean holds = holds(SERVICE.at("/Conditions/" + arguments.get(0).asText()));
                return chosen(arguments.get(holds ? 1 : 2));
            }
            if (node.isObject() && node.path("Ref").asText().equals("AWS::NoValue")) {
                return null;
            }
            if (node.isObject()) {
                ObjectNode copy = JSON.createObjectNode();
                node.fields().forEachRemaining(f -> {
                    JsonNode value = chosen(f.getValue());
                    if (value != null) {
                        copy.set(f.getKey(), value);
                    }
                });
                return copy;
            }
            if (node.isArray()) {
                ArrayNode copy = JSON.createArrayNode();
                node.forEach(item -> {
                    JsonNode value = chosen(item);
                    if (value != null) {
                        copy.add(value);
                    }
                });
                return copy;
            }
            return node;
        }

        private static Map<String, String> named(JsonNode list, String field) {
            Map<String, String> named = new HashMap<>();
            list.forEach(item -> named.put(item.get("Name").asText(), item.get(field).toString()));
            return named;
        }

        private static Stream<JsonNode> stream(JsonNode array) {
            return StreamSupport.stream(array.spliterator(), false);
        }
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
