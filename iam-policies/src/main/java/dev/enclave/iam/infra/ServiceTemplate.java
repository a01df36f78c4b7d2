package dev.enclave.iam.infra;

import static dev.enclave.iam.infra.Intrinsics.JSON;
import static dev.enclave.iam.infra.Intrinsics.getAtt;
import static dev.enclave.iam.infra.Intrinsics.ifElseNothing;
import static dev.enclave.iam.infra.Intrinsics.importValue;
import static dev.enclave.iam.infra.Intrinsics.ref;
import static dev.enclave.iam.infra.Intrinsics.sub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.enclave.iam.policy.RolePolicies;
import java.util.List;
import java.util.Map;

/**
 * The CloudFormation template that runs Enclave's image: ECS on Fargate behind an Application Load Balancer. It
 * deploys on top of the table stack ({@link CloudFormationTemplate}), whose exports it imports, so the task runs as
 * that stack's application role (the role the table template trusts ECS tasks to assume) and both templates come
 * from one design. Secrets come from Secrets Manager; health checks use the liveness (container) and readiness (load
 * balancer) routes; a rolling deployment keeps every old task until its replacement is healthy and drains the old
 * ones (deregistration delay, then SIGTERM, which Enclave answers by turning readiness down and finishing requests
 * in flight); the service scales on CPU; logs go to CloudWatch. A second task definition runs the consistency
 * checker on demand with the same role. Invitation email is off unless {@code MailHost} is given: only then does the
 * task get any {@code ENCLAVE_MAIL_*} setting, and its SMTP credentials only when a secret holds them.
 *
 * <p>Why ECS on Fargate rather than App Runner: App Runner offers no read-only root filesystem, no stop timeout or
 * deregistration delay to match Enclave's drain, and no way to run the checker as a one-off task with the same role.
 */
public final class ServiceTemplate {

    /** The container's name in both task definitions. */
    public static final String CONTAINER = "enclave";
    public static final int PORT = 8080;
    /** Seconds ECS waits after SIGTERM before SIGKILL: more than Enclave's readiness delay plus grace period. */
    public static final int STOP_TIMEOUT_SECONDS = 40;
    /** Seconds the load balancer keeps serving a deregistered task's requests in flight before ECS stops it. */
    public static final int DEREGISTRATION_DELAY_SECONDS = 30;
    /** The container health check: the image's HealthProbe, which needs no shell (the base image has none). */
    public static final List<String> HEALTH_CHECK = List.of("CMD", "java", "-XX:TieredStopAtLevel=1",
            "-XX:-UsePerfData", "-Xmx32m", "-cp", "/app/enclave-app.jar", "dev.enclave.app.infra.startup.HealthProbe");
    /** The secrets, as environment variables, and the parameter naming each one's Secrets Manager ARN. */
    public static final Map<String, String> SECRETS = Map.of(
            "ENCLAVE_IDEMPOTENCY_SEALING_KEYS", "SealingKeysSecretArn",
            "ENCLAVE_CURSOR_KEY", "CursorKeySecretArn");

    /**
     * The mail settings, as environment variables, and the parameter giving each; all of them are set when
     * {@code MailHost} is given, none otherwise.
     */
    public static final Map<String, String> MAIL_SETTINGS = Map.of(
            "ENCLAVE_MAIL_HOST", "MailHost",
            "ENCLAVE_MAIL_PORT", "MailPort",
            "ENCLAVE_MAIL_SECURITY", "MailSecurity",
            "ENCLAVE_MAIL_FROM", "MailFrom");
    /**
     * The SMTP credentials, as environment variables, and the key of each in the JSON secret
     * {@code MailCredentialsSecretArn} names ({@code {"username": "...", "password": "..."}}).
     */
    public static final Map<String, String> MAIL_CREDENTIALS = Map.of(
            "ENCLAVE_MAIL_USERNAME", "username",
            "ENCLAVE_MAIL_PASSWORD", "password");
    /** The accept link's setting, set when {@code AcceptLinkTemplate} is given: email and webhooks both carry it. */
    public static final String ACCEPT_LINK_TEMPLATE = "ENCLAVE_INVITATIONS_ACCEPT_LINK_TEMPLATE";

    static final String MAIL_ON = "MailOn";
    static final String HAS_MAIL_CREDENTIALS = "HasMailCredentials";
    static final String HAS_ACCEPT_LINK_TEMPLATE = "HasAcceptLinkTemplate";

    private static final String TABLE_STACK = "TableStack";
    private static final String REPOSITORY_SENTINEL = "arn:aws:ecr:us-east-1:111111111111:repository/enclave-sentinel";
    private static final String LOG_GROUP_SENTINEL = "arn:aws:logs:us-east-1:111111111111:log-group:enclave-sentinel";
    private static final String SEALING_SENTINEL = "arn:aws:secretsmanager:us-east-1:111111111111:secret:sealing";
    private static final String CURSOR_SENTINEL = "arn:aws:secretsmanager:us-east-1:111111111111:secret:cursor";
    private static final String MAIL_CREDENTIALS_SENTINEL =
            "arn:aws:secretsmanager:us-east-1:111111111111:secret:mail-credentials";
    private static final Map<String, String> SUBSTITUTIONS = Map.of(
            REPOSITORY_SENTINEL, "arn:${AWS::Partition}:ecr:${AWS::Region}:${AWS::AccountId}:repository/"
                    + "${ImageRepository}",
            LOG_GROUP_SENTINEL, "arn:${AWS::Partition}:logs:${AWS::Region}:${AWS::AccountId}:log-group:${LogGroup}",
            SEALING_SENTINEL, "${SealingKeysSecretArn}",
            CURSOR_SENTINEL, "${CursorKeySecretArn}");

    private ServiceTemplate() {
    }

    public static ObjectNode render() {
        ObjectNode template = JSON.createObjectNode();
        template.put("AWSTemplateFormatVersion", "2010-09-09");
        template.put("Description", "Enclave: the service (ECS on Fargate behind an Application Load Balancer), on "
                + "the table stack's table and roles");
        template.set("Parameters", parameters());
        template.set("Rules", rules());
        ObjectNode conditions = template.putObject("Conditions");
        conditions.set("HasTokenUse", given("TokenUse"));
        conditions.set(MAIL_ON, given("MailHost"));
        conditions.set(HAS_MAIL_CREDENTIALS, and(condition(MAIL_ON), given("MailCredentialsSecretArn")));
        conditions.set(HAS_ACCEPT_LINK_TEMPLATE, given("AcceptLinkTemplate"));
        ObjectNode resources = template.putObject("Resources");
        resources.set("Cluster", cluster());
        resources.set("LogGroup", logGroup());
        resources.set("ExecutionRole", executionRole());
        resources.set("TaskDefinition", taskDefinition());
        resources.set("ConsistencyCheckTaskDefinition", consistencyCheckTaskDefinition());
        resources.set("LoadBalancerSecurityGroup", loadBalancerSecurityGroup());
        resources.set("ServiceSecurityGroup", serviceSecurityGroup());
        resources.set("LoadBalancer", loadBalancer());
        resources.set("TargetGroup", targetGroup());
        resources.set("HttpsListener", httpsListener());
        resources.set("HttpListener", httpListener());
        resources.set("MetricsNotPublic", metricsNotPublic());
        resources.set("Service", service());
        resources.set("ScalableTarget", scalableTarget());
        resources.set("CpuScaling", cpuScaling());
        ObjectNode outputs = template.putObject("Outputs");
        outputs.putObject("Url").set("Value", sub("https://${LoadBalancer.DNSName}"));
        outputs.putObject("LoadBalancerDnsName").set("Value", getAtt("LoadBalancer", "DNSName"));
        outputs.putObject("Cluster").set("Value", ref("Cluster"));
        outputs.putObject("Service").set("Value", getAtt("Service", "Name"));
        outputs.putObject("LogGroup").set("Value", ref("LogGroup"));
        outputs.putObject("ConsistencyCheckTaskDefinition").set("Value", ref("ConsistencyCheckTaskDefinition"));
        outputs.putObject("ServiceSecurityGroup").set("Value", ref("ServiceSecurityGroup"));
        outputs.putObject("PrivateSubnets").set("Value", join(",", ref("PrivateSubnets")));
        return template;
    }

    /** The template as reviewed, pretty-printed JSON (what {@code enclave-service.json} holds). */
    public static String renderJson() {
        return Intrinsics.pretty(render());
    }

    private static ObjectNode parameters() {
        ObjectNode p = JSON.createObjectNode();
        string(p, TABLE_STACK, "enclave", "The table stack (enclave.json) whose table, roles and exports this uses");
        string(p, "ImageRepository", "enclave", "The ECR repository in this account and region holding the image");
        string(p, "ImageTag", null, "The image's tag: one per release (a version or commit), never reused");
        p.putObject("VpcId").put("Type", "AWS::EC2::VPC::Id");
        p.putObject("PublicSubnets").put("Type", "List<AWS::EC2::Subnet::Id>")
                .put("Description", "Subnets of the internet-facing load balancer, in two or more zones");
        p.putObject("PrivateSubnets").put("Type", "List<AWS::EC2::Subnet::Id>").put("Description",
                "Subnets of the tasks: they reach ECR, STS, DynamoDB, Secrets Manager, CloudWatch Logs, the "
                        + "identity provider's JWKS, tenants' webhook endpoints and the SMTP server through a NAT "
                        + "gateway (or endpoints, plus NAT for the JWKS, webhooks and mail)");
        p.putObject("AssignPublicIp").put("Type", "String").put("Default", "DISABLED")
                .put("Description", "ENABLED only for tasks in public subnets without a NAT gateway")
                .putArray("AllowedValues").add("DISABLED").add("ENABLED");
        string(p, "CertificateArn", null, "The ACM certificate of the load balancer's HTTPS listener");
        string(p, "AllowedCidr", "0.0.0.0/0", "Who may reach the load balancer");
        string(p, "JwksUrl", null, "enclave.auth.jwks-url: the identity provider's key set (https)");
        string(p, "Issuer", null, "enclave.auth.issuer: the exact iss of its tokens");
        string(p, "Audience", null, "enclave.auth.audience: the required aud (or client id)");
        string(p, "AudienceClaim", "aud", "enclave.auth.audience-claim: aud, or client_id (Cognito access tokens)");
        string(p, "TokenUse", "", "enclave.auth.token-use: id or access (Cognito); empty: not checked");
        string(p, "TenantClaim", "tenant", "enclave.auth.claims.tenant: the claim naming a token's tenant");
        string(p, "RolesClaim", "roles", "enclave.auth.claims.roles: the claim listing platform roles");
        string(p, "EmailClaim", "email", "enclave.auth.claims.email: the claim holding the caller's email");
        string(p, "EmailVerifiedClaim", "email_verified",
                "enclave.auth.claims.email-verified: the claim saying the provider verified it");
        string(p, "SealingKeysSecretArn", null,
                "Secrets Manager secret of enclave.idempotency.sealing-keys (base64 of 32 bytes, comma-separated)");
        string(p, "CursorKeySecretArn", null, "Secrets Manager secret of enclave.cursor-key (32+ characters)");
        string(p, "MailHost", "", "enclave.mail.host: the SMTP server (SES: email-smtp.<region>.amazonaws.com); "
                + "empty: no invitation email, and no other Mail parameter is used");
        number(p, "MailPort", 587, "enclave.mail.port: 587 for starttls, 465 for tls")
                .put("MinValue", 1).put("MaxValue", 65535);
        string(p, "MailSecurity", "starttls", "enclave.mail.security: starttls, tls (port 465), or none (a relay "
                + "inside the VPC, never with credentials)").putArray("AllowedValues").add("starttls").add("tls")
                .add("none");
        string(p, "MailFrom", "", "enclave.mail.from, required with MailHost: the sender, a verified SES "
                + "identity (Enclave <no-reply@example.com>)");
        string(p, "MailCredentialsSecretArn", "", "Full ARN of the Secrets Manager secret of the SMTP credentials, "
                + "JSON {\"username\": ..., \"password\": ...}; empty: no authentication");
        string(p, "AcceptLinkTemplate", "", "enclave.invitations.accept-link-template, required with MailHost: the "
                + "https page of your app that accepts invitations, with {token} (and optionally {org}); invitations "
                + "by webhook carry it too")
                .put("AllowedPattern", "^(https://[^\\s]*\\{token\\}[^\\s]*)?$")
                .put("ConstraintDescription", "empty, or an https URL containing {token}");
        number(p, "Cpu", 1024, "Task CPU units (1024 = 1 vCPU)");
        number(p, "Memory", 2048, "Task memory in MiB; the JVM's heap is 75% of it");
        number(p, "MinTasks", 2, "Fewest tasks (two zones keep serving when one fails)");
        number(p, "MaxTasks", 6, "Most tasks autoscaling may run");
        number(p, "CpuTarget", 60, "Average CPU (%) autoscaling keeps the service at");
        number(p, "LogRetentionDays", 30, "How long CloudWatch keeps the logs");
        return p;
    }

    private static ObjectNode cluster() {
        ObjectNode cluster = resource("AWS::ECS::Cluster");
        cluster.putObject("Properties").putArray("ClusterSettings").addObject().put("Name", "containerInsights")
                .put("Value", "enabled");
        return cluster;
    }

    private static ObjectNode logGroup() {
        ObjectNode group = resource("AWS::Logs::LogGroup");
        group.putObject("Properties").set("RetentionInDays", ref("LogRetentionDays"));
        return group;
    }

    private static ObjectNode executionRole() {
        ObjectNode role = resource("AWS::IAM::Role");
        ObjectNode properties = role.putObject("Properties");
        properties.set("AssumeRolePolicyDocument", Intrinsics.substituted(RolePolicies.ecsTasksTrust(), Map.of()));
        properties.putArray("Policies").addObject().put("PolicyName", "enclave-task-execution")
                .set("PolicyDocument", Intrinsics.substituted(RolePolicies.taskExecution(REPOSITORY_SENTINEL,
                        LOG_GROUP_SENTINEL, List.of(SEALING_SENTINEL, CURSOR_SENTINEL, MAIL_CREDENTIALS_SENTINEL)),
                        SUBSTITUTIONS, Map.of(MAIL_CREDENTIALS_SENTINEL, ifElseNothing(HAS_MAIL_CREDENTIALS,
                                ref("MailCredentialsSecretArn")))));
        return role;
    }

    private static ObjectNode taskDefinition() {
        ObjectNode task = fargateTask("enclave");
        ObjectNode container = container(task, "enclave");
        container.putArray("PortMappings").addObject().put("ContainerPort", PORT).put("Protocol", "tcp");
        ArrayNode environment = container.putArray("Environment");
        environment.add(variable("AWS_REGION", ref("AWS::Region")));
        environment.add(variable("ENCLAVE_TABLE_NAME", importValue(TABLE_STACK,
                CloudFormationTemplate.TABLE_NAME_OUTPUT)));
        environment.add(variable("ENCLAVE_TENANCY_TABLE_ARN", importValue(TABLE_STACK,
                CloudFormationTemplate.TABLE_ARN_OUTPUT)));
        environment.add(variable("ENCLAVE_TENANCY_ROLE_ARN", importValue(TABLE_STACK,
                CloudFormationTemplate.TENANT_ROLE_OUTPUT)));
        environment.add(variable("ENCLAVE_LIMITS_TRUSTED_PROXIES", TextNode.valueOf("1")));
        environment.add(variable("ENCLAVE_AUTH_JWKS_URL", ref("JwksUrl")));
        environment.add(variable("ENCLAVE_AUTH_ISSUER", ref("Issuer")));
        environment.add(variable("ENCLAVE_AUTH_AUDIENCE", ref("Audience")));
        environment.add(variable("ENCLAVE_AUTH_AUDIENCE_CLAIM", ref("AudienceClaim")));
        environment.add(ifElseNothing("HasTokenUse", variable("ENCLAVE_AUTH_TOKEN_USE", ref("TokenUse"))));
        environment.add(variable("ENCLAVE_AUTH_CLAIMS_TENANT", ref("TenantClaim")));
        environment.add(variable("ENCLAVE_AUTH_CLAIMS_ROLES", ref("RolesClaim")));
        environment.add(variable("ENCLAVE_AUTH_CLAIMS_EMAIL", ref("EmailClaim")));
        environment.add(variable("ENCLAVE_AUTH_CLAIMS_EMAIL_VERIFIED", ref("EmailVerifiedClaim")));
        MAIL_SETTINGS.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(setting -> environment.add(
                ifElseNothing(MAIL_ON, variable(setting.getKey(), ref(setting.getValue())))));
        environment.add(ifElseNothing(HAS_ACCEPT_LINK_TEMPLATE, variable(ACCEPT_LINK_TEMPLATE,
                ref("AcceptLinkTemplate"))));
        ArrayNode secrets = container.putArray("Secrets");
        SECRETS.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(secret -> secrets.add(
                secret(secret.getKey(), ref(secret.getValue()))));
        // a JSON key of the secret: <arn>:<key>:<version stage>:<version id>, the last two empty for the current one
        MAIL_CREDENTIALS.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(credential -> secrets.add(
                ifElseNothing(HAS_MAIL_CREDENTIALS, secret(credential.getKey(),
                        sub("${MailCredentialsSecretArn}:" + credential.getValue() + "::")))));
        ObjectNode health = container.putObject("HealthCheck");
        ArrayNode command = health.putArray("Command");
        HEALTH_CHECK.forEach(command::add);
        health.put("Interval", 30).put("Timeout", 10).put("Retries", 3).put("StartPeriod", 60);
        container.put("StopTimeout", STOP_TIMEOUT_SECONDS);
        return task;
    }

    /** The consistency checker as a one-off task: {@code aws ecs run-task} (docs/deploy.md). */
    private static ObjectNode consistencyCheckTaskDefinition() {
        ObjectNode task = fargateTask("enclave-consistency-check");
        ObjectNode container = container(task, "consistency-check");
        ArrayNode entryPoint = container.putArray("EntryPoint");
        List.of("java", "-XX:MaxRAMPercentage=75.0", "-XX:-UsePerfData", "-cp", "/app/enclave-app.jar",
                "dev.enclave.app.infra.consistency.ConsistencyCheck").forEach(entryPoint::add);
        container.putArray("Command").add("--table").add(importValue(TABLE_STACK,
                CloudFormationTemplate.TABLE_NAME_OUTPUT));
        container.putArray("Environment").add(variable("AWS_REGION", ref("AWS::Region")));
        return task;
    }

    private static ObjectNode fargateTask(String family) {
        ObjectNode task = resource("AWS::ECS::TaskDefinition");
        ObjectNode properties = task.putObject("Properties");
        properties.put("Family", family);
        properties.putArray("RequiresCompatibilities").add("FARGATE");
        properties.put("NetworkMode", "awsvpc");
        properties.set("Cpu", ref("Cpu"));
        properties.set("Memory", ref("Memory"));
        properties.putObject("RuntimePlatform").put("OperatingSystemFamily", "LINUX")
                .put("CpuArchitecture", "X86_64");
        properties.set("ExecutionRoleArn", getAtt("ExecutionRole", "Arn"));
        properties.set("TaskRoleArn", importValue(TABLE_STACK, CloudFormationTemplate.APPLICATION_ROLE_OUTPUT));
        properties.putArray("ContainerDefinitions");
        return task;
    }

    private static ObjectNode container(ObjectNode task, String logPrefix) {
        ObjectNode container = ((ArrayNode) task.at("/Properties/ContainerDefinitions")).addObject();
        container.put("Name", CONTAINER);
        container.set("Image", sub("${AWS::AccountId}.dkr.ecr.${AWS::Region}.${AWS::URLSuffix}/${ImageRepository}:"
                + "${ImageTag}"));
        container.put("Essential", true);
        container.put("ReadonlyRootFilesystem", true);
        container.put("User", "65532:65532");
        container.putObject("LinuxParameters").put("InitProcessEnabled", true);
        ObjectNode logs = container.putObject("LogConfiguration").put("LogDriver", "awslogs");
        ObjectNode options = logs.putObject("Options");
        options.set("awslogs-group", ref("LogGroup"));
        options.set("awslogs-region", ref("AWS::Region"));
        options.put("awslogs-stream-prefix", logPrefix);
        return container;
    }

    private static ObjectNode loadBalancerSecurityGroup() {
        ObjectNode group = resource("AWS::EC2::SecurityGroup");
        ObjectNode properties = group.putObject("Properties");
        properties.put("GroupDescription", "Enclave load balancer: HTTPS (and HTTP, redirected) from AllowedCidr");
        properties.set("VpcId", ref("VpcId"));
        ArrayNode ingress = properties.putArray("SecurityGroupIngress");
        for (int port : new int[] {443, 80}) {
            ingress.addObject().put("IpProtocol", "tcp").put("FromPort", port).put("ToPort", port)
                    .set("CidrIp", ref("AllowedCidr"));
        }
        return group;
    }

    /**
     * No egress rule, so the group's default one (everything out) stays: the tasks reach AWS's APIs, the identity
     * provider's keys, tenants' webhook endpoints wherever they are, and the SMTP server. Webhooks refuse private
     * addresses themselves (docs/webhooks.md), so the open egress does not open the VPC to them.
     */
    private static ObjectNode serviceSecurityGroup() {
        ObjectNode group = resource("AWS::EC2::SecurityGroup");
        ObjectNode properties = group.putObject("Properties");
        properties.put("GroupDescription", "Enclave tasks: port 8080 from the load balancer only");
        properties.set("VpcId", ref("VpcId"));
        properties.putArray("SecurityGroupIngress").addObject().put("IpProtocol", "tcp").put("FromPort", PORT)
                .put("ToPort", PORT).set("SourceSecurityGroupId", getAtt("LoadBalancerSecurityGroup", "GroupId"));
        return group;
    }

    private static ObjectNode loadBalancer() {
        ObjectNode balancer = resource("AWS::ElasticLoadBalancingV2::LoadBalancer");
        ObjectNode properties = balancer.putObject("Properties");
        properties.put("Type", "application").put("Scheme", "internet-facing");
        properties.set("Subnets", ref("PublicSubnets"));
        properties.putArray("SecurityGroups").add(ref("LoadBalancerSecurityGroup"));
        ArrayNode attributes = properties.putArray("LoadBalancerAttributes");
        attributes.addObject().put("Key", "routing.http.drop_invalid_header_fields.enabled").put("Value", "true");
        attributes.addObject().put("Key", "idle_timeout.timeout_seconds").put("Value", "60");
        return balancer;
    }

    /** Readiness decides whether a task gets requests; it answers 503 while the task drains. */
    private static ObjectNode targetGroup() {
        ObjectNode group = resource("AWS::ElasticLoadBalancingV2::TargetGroup");
        ObjectNode properties = group.putObject("Properties");
        properties.put("TargetType", "ip").put("Protocol", "HTTP").put("Port", PORT);
        properties.set("VpcId", ref("VpcId"));
        properties.put("HealthCheckPath", "/health/readiness").put("HealthCheckIntervalSeconds", 10)
                .put("HealthCheckTimeoutSeconds", 5).put("HealthyThresholdCount", 2)
                .put("UnhealthyThresholdCount", 2);
        properties.putObject("Matcher").put("HttpCode", "200");
        properties.putArray("TargetGroupAttributes").addObject().put("Key", "deregistration_delay.timeout_seconds")
                .put("Value", Integer.toString(DEREGISTRATION_DELAY_SECONDS));
        return group;
    }

    private static ObjectNode httpsListener() {
        ObjectNode listener = resource("AWS::ElasticLoadBalancingV2::Listener");
        ObjectNode properties = listener.putObject("Properties");
        properties.set("LoadBalancerArn", ref("LoadBalancer"));
        properties.put("Port", 443).put("Protocol", "HTTPS").put("SslPolicy", "ELBSecurityPolicy-TLS13-1-2-2021-06");
        properties.putArray("Certificates").addObject().set("CertificateArn", ref("CertificateArn"));
        properties.putArray("DefaultActions").addObject().put("Type", "forward")
                .set("TargetGroupArn", ref("TargetGroup"));
        return listener;
    }

    private static ObjectNode httpListener() {
        ObjectNode listener = resource("AWS::ElasticLoadBalancingV2::Listener");
        ObjectNode properties = listener.putObject("Properties");
        properties.set("LoadBalancerArn", ref("LoadBalancer"));
        properties.put("Port", 80).put("Protocol", "HTTP");
        properties.putArray("DefaultActions").addObject().put("Type", "redirect").putObject("RedirectConfig")
                .put("Protocol", "HTTPS").put("Port", "443").put("StatusCode", "HTTP_301");
        return listener;
    }

    /**
     * {@code /prometheus} answers anyone who reaches the server: the load balancer keeps it to the VPC (scrape the
     * tasks on port 8080 from inside it).
     */
    private static ObjectNode metricsNotPublic() {
        ObjectNode rule = resource("AWS::ElasticLoadBalancingV2::ListenerRule");
        ObjectNode properties = rule.putObject("Properties");
        properties.set("ListenerArn", ref("HttpsListener"));
        properties.put("Priority", 1);
        properties.putArray("Conditions").addObject().put("Field", "path-pattern").putObject("PathPatternConfig")
                .putArray("Values").add("/prometheus").add("/prometheus/*");
        properties.putArray("Actions").addObject().put("Type", "fixed-response").putObject("FixedResponseConfig")
                .put("StatusCode", "404").put("ContentType", "text/plain").put("MessageBody", "Not Found");
        return rule;
    }

    /**
     * A rolling deployment: new tasks start first (up to twice the count) and old ones stop only once the new ones
     * pass the load balancer's readiness check; a deployment whose tasks keep failing is rolled back.
     */
    private static ObjectNode service() {
        ObjectNode service = resource("AWS::ECS::Service");
        service.putArray("DependsOn").add("HttpsListener");
        ObjectNode properties = service.putObject("Properties");
        properties.set("Cluster", ref("Cluster"));
        properties.put("LaunchType", "FARGATE");
        properties.set("TaskDefinition", ref("TaskDefinition"));
        properties.set("DesiredCount", ref("MinTasks"));
        ObjectNode deployment = properties.putObject("DeploymentConfiguration");
        deployment.put("MinimumHealthyPercent", 100).put("MaximumPercent", 200);
        deployment.putObject("DeploymentCircuitBreaker").put("Enable", true).put("Rollback", true);
        properties.put("HealthCheckGracePeriodSeconds", 60);
        ObjectNode network = properties.putObject("NetworkConfiguration").putObject("AwsvpcConfiguration");
        network.set("Subnets", ref("PrivateSubnets"));
        network.putArray("SecurityGroups").add(ref("ServiceSecurityGroup"));
        network.set("AssignPublicIp", ref("AssignPublicIp"));
        properties.putArray("LoadBalancers").addObject().put("ContainerName", CONTAINER).put("ContainerPort", PORT)
                .set("TargetGroupArn", ref("TargetGroup"));
        properties.put("PropagateTags", "SERVICE");
        return service;
    }

    private static ObjectNode scalableTarget() {
        ObjectNode target = resource("AWS::ApplicationAutoScaling::ScalableTarget");
        ObjectNode properties = target.putObject("Properties");
        properties.put("ServiceNamespace", "ecs").put("ScalableDimension", "ecs:service:DesiredCount");
        properties.set("ResourceId", sub("service/${Cluster}/${Service.Name}"));
        properties.set("MinCapacity", ref("MinTasks"));
        properties.set("MaxCapacity", ref("MaxTasks"));
        // ECS targets always use this service-linked role (Application Auto Scaling creates it when missing); named
        // so the template also satisfies specifications that still list RoleARN as required
        properties.set("RoleARN", sub("arn:${AWS::Partition}:iam::${AWS::AccountId}:role/aws-service-role/"
                + "ecs.application-autoscaling.amazonaws.com/AWSServiceRoleForApplicationAutoScaling_ECSService"));
        return target;
    }

    private static ObjectNode cpuScaling() {
        ObjectNode policy = resource("AWS::ApplicationAutoScaling::ScalingPolicy");
        ObjectNode properties = policy.putObject("Properties");
        properties.put("PolicyName", "enclave-cpu").put("PolicyType", "TargetTrackingScaling");
        properties.set("ScalingTargetId", ref("ScalableTarget"));
        ObjectNode tracking = properties.putObject("TargetTrackingScalingPolicyConfiguration");
        tracking.set("TargetValue", ref("CpuTarget"));
        tracking.put("ScaleInCooldown", 120).put("ScaleOutCooldown", 60);
        tracking.putObject("PredefinedMetricSpecification")
                .put("PredefinedMetricType", "ECSServiceAverageCPUUtilization");
        return policy;
    }

    /**
     * What CloudFormation checks before it changes anything, so a stack that would start tasks refusing their mail
     * settings is refused at once, naming the parameter.
     */
    private static ObjectNode rules() {
        ObjectNode rules = JSON.createObjectNode();
        ObjectNode mail = rules.putObject("MailNeedsASenderAndALink");
        mail.set("RuleCondition", given("MailHost"));
        ArrayNode mailAssertions = mail.putArray("Assertions");
        mailAssertions.add(assertion(given("MailFrom"), "MailFrom is required with MailHost: the address invitations "
                + "are sent from"));
        mailAssertions.add(assertion(given("AcceptLinkTemplate"), "AcceptLinkTemplate is required with MailHost: "
                + "the link each invitation email carries"));
        ObjectNode credentials = rules.putObject("MailCredentialsNeedMailOverTls");
        credentials.set("RuleCondition", given("MailCredentialsSecretArn"));
        ArrayNode credentialAssertions = credentials.putArray("Assertions");
        credentialAssertions.add(assertion(given("MailHost"), "MailCredentialsSecretArn is used only with "
                + "MailHost"));
        credentialAssertions.add(assertion(not(equals(ref("MailSecurity"), "none")), "MailSecurity must be "
                + "starttls or tls with MailCredentialsSecretArn: none would send the credentials in plain text"));
        return rules;
    }

    private static ObjectNode assertion(JsonNode condition, String description) {
        ObjectNode assertion = JSON.createObjectNode();
        assertion.set("Assert", condition);
        return assertion.put("AssertDescription", description);
    }

    private static ObjectNode resource(String type) {
        return JSON.createObjectNode().put("Type", type);
    }

    private static ObjectNode variable(String name, JsonNode value) {
        ObjectNode variable = JSON.createObjectNode().put("Name", name);
        variable.set("Value", value);
        return variable;
    }

    private static ObjectNode secret(String name, JsonNode valueFrom) {
        ObjectNode secret = JSON.createObjectNode().put("Name", name);
        secret.set("ValueFrom", valueFrom);
        return secret;
    }

    private static ObjectNode string(ObjectNode parameters, String name, String fallback, String description) {
        ObjectNode parameter = parameters.putObject(name).put("Type", "String").put("Description", description);
        if (fallback != null) {
            parameter.put("Default", fallback);
        }
        return parameter;
    }

    private static ObjectNode number(ObjectNode parameters, String name, int fallback, String description) {
        return parameters.putObject(name).put("Type", "Number").put("Default", fallback)
                .put("Description", description);
    }

    /** The condition that parameter {@code name} is not empty. */
    private static ObjectNode given(String name) {
        return not(equals(ref(name), ""));
    }

    private static ObjectNode condition(String name) {
        return JSON.createObjectNode().put("Condition", name);
    }

    private static ObjectNode and(JsonNode... conditions) {
        ObjectNode node = JSON.createObjectNode();
        ArrayNode all = node.putArray("Fn::And");
        for (JsonNode condition : conditions) {
            all.add(condition);
        }
        return node;
    }

    private static ObjectNode equals(JsonNode left, String right) {
        ObjectNode node = JSON.createObjectNode();
        node.putArray("Fn::Equals").add(left).add(right);
        return node;
    }

    private static ObjectNode not(JsonNode condition) {
        ObjectNode node = JSON.createObjectNode();
        node.putArray("Fn::Not").add(condition);
        return node;
    }

    private static ObjectNode join(String delimiter, JsonNode list) {
        ObjectNode node = JSON.createObjectNode();
        node.putArray("Fn::Join").add(delimiter).add(list);
        return node;
    }
}
