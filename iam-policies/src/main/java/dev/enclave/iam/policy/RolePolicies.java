package dev.enclave.iam.policy;

import dev.enclave.table.TableDesign;
import java.util.List;
import software.amazon.awssdk.policybuilder.iam.IamConditionOperator;
import software.amazon.awssdk.policybuilder.iam.IamEffect;
import software.amazon.awssdk.policybuilder.iam.IamPolicy;
import software.amazon.awssdk.policybuilder.iam.IamPrincipalType;
import software.amazon.awssdk.policybuilder.iam.IamStatement;

/** The roles' documents: who may assume the tenant access role, and what each role may do at most. */
public final class RolePolicies {

    private RolePolicies() {
    }

    /**
     * The tenant access role's trust policy: only the application role may assume it, must tag the session with a
     * tenant, and may set a source identity.
     */
    public static IamPolicy tenantRoleTrust(String applicationRoleArn) {
        IamStatement assume = IamStatement.builder().sid("ApplicationAssumes").effect(IamEffect.ALLOW)
                .addPrincipal(IamPrincipalType.AWS, applicationRoleArn).addAction("sts:AssumeRole").build();
        IamStatement tag = IamStatement.builder().sid("ApplicationTagsTheTenant").effect(IamEffect.ALLOW)
                .addPrincipal(IamPrincipalType.AWS, applicationRoleArn).addAction("sts:TagSession")
                .addCondition(IamConditionOperator.NULL, "aws:RequestTag/" + AbacTenantPolicy.TENANT_TAG, "false")
                .addCondition(IamConditionOperator.STRING_LIKE.addPrefix("ForAllValues:"), "aws:TagKeys",
                        AbacTenantPolicy.TENANT_TAG)
                .build();
        IamStatement source = IamStatement.builder().sid("ApplicationSetsSourceIdentity").effect(IamEffect.ALLOW)
                .addPrincipal(IamPrincipalType.AWS, applicationRoleArn).addAction("sts:SetSourceIdentity")
                .addCondition(IamConditionOperator.STRING_LIKE, "sts:SourceIdentity", "enclave-*")
                .build();
        return IamPolicy.builder().version("2012-10-17").addStatement(assume).addStatement(tag).addStatement(source)
                .build();
    }

    /**
     * The tenant access role's permission policy: the most any tenant session can get (session policies only
     * intersect with it) — item actions on the table and its indexes, a session tagged with a tenant only within
     * that tenant's partitions, an untagged one only within the cross-tenant entries ({@link AbacTenantPolicy}). So
     * the role itself confines each session to its tenant in either mode: in {@code abac} mode, where sessions
     * carry no inline policy, and in {@code session-policy} mode beneath each session's own policy.
     */
    public static IamPolicy tenantRolePermissions(TableArn table, TableDesign design) {
        return AbacTenantPolicy.policy(table, design, Access.READ_WRITE);
    }

    /**
     * The application role: vend tenant sessions, and the platform's table-level reads — readiness, and the
     * operators' consistency check, which reads the table (never an index) with a paged Scan and writes nothing.
     */
    public static IamPolicy applicationRole(TableArn table, String tenantRoleArn) {
        IamStatement vend = IamStatement.builder().sid("VendTenantSessions").effect(IamEffect.ALLOW)
                .addAction("sts:AssumeRole").addAction("sts:TagSession").addAction("sts:SetSourceIdentity")
                .addResource(tenantRoleArn).build();
        IamStatement describe = IamStatement.builder().sid("ReadinessCheck").effect(IamEffect.ALLOW)
                .addAction("dynamodb:DescribeTable").addResource(table.value()).build();
        IamStatement check = IamStatement.builder().sid("ConsistencyCheck").effect(IamEffect.ALLOW)
                .addAction("dynamodb:Scan").addResource(table.value()).build();
        return IamPolicy.builder().version("2012-10-17").addStatement(vend).addStatement(describe)
                .addStatement(check).build();
    }

    /**
     * The ECS task execution role of the service (not the application's own role, which its task runs as): pull the
     * image from its repository, write the container's logs to its log group, and read the two secrets ECS puts into
     * the container's environment. It cannot touch the table or vend tenant sessions.
     *
     * @param repositoryArn the ECR repository holding the image
     * @param logGroupArn   the log group, {@code arn:...:log-group:<name>}; both actions act on its streams
     * @param secretArns    the Secrets Manager secrets given to the container
     */
    public static IamPolicy taskExecution(String repositoryArn, String logGroupArn, List<String> secretArns) {
        IamStatement login = IamStatement.builder().sid("RegistryLogin").effect(IamEffect.ALLOW)
                .addAction("ecr:GetAuthorizationToken").addResource("*").build();
        IamStatement pull = IamStatement.builder().sid("PullTheImage").effect(IamEffect.ALLOW)
                .addAction("ecr:BatchCheckLayerAvailability").addAction("ecr:GetDownloadUrlForLayer")
                .addAction("ecr:BatchGetImage").addResource(repositoryArn).build();
        IamStatement logs = IamStatement.builder().sid("WriteTheLogs").effect(IamEffect.ALLOW)
                .addAction("logs:CreateLogStream").addAction("logs:PutLogEvents")
                .addResource(logGroupArn + ":log-stream:*").build();
        IamStatement secrets = IamStatement.builder().sid("ReadTheSecrets").effect(IamEffect.ALLOW)
                .addAction("secretsmanager:GetSecretValue").resourceIds(secretArns).build();
        return IamPolicy.builder().version("2012-10-17").addStatement(login).addStatement(pull).addStatement(logs)
                .addStatement(secrets).build();
    }

    /** Who may assume a role that ECS tasks run as: the ECS tasks service. */
    public static IamPolicy ecsTasksTrust() {
        return IamPolicy.builder().version("2012-10-17").addStatement(IamStatement.builder().effect(IamEffect.ALLOW)
                .addPrincipal(IamPrincipalType.SERVICE, "ecs-tasks.amazonaws.com").addAction("sts:AssumeRole")
                .build()).build();
    }
}
