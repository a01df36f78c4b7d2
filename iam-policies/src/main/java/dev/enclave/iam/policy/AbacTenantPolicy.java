package dev.enclave.iam.policy;

import dev.enclave.table.TableDesign;
import java.util.List;
import software.amazon.awssdk.policybuilder.iam.IamEffect;
import software.amazon.awssdk.policybuilder.iam.IamPolicy;
import software.amazon.awssdk.policybuilder.iam.IamStatement;

/**
 * The ABAC alternative: one static policy on the tenant access role whose leading-key condition reads the
 * session's {@value #TENANT_TAG} tag, so AssumeRole needs no inline policy.
 */
public final class AbacTenantPolicy {

    /** The session tag that carries the tenant id. */
    public static final String TENANT_TAG = "TenantId";

    private AbacTenantPolicy() {
    }

    public static IamPolicy policy(TableArn table, TableDesign design, Access access) {
        IamStatement.Builder statement = IamStatement.builder()
                .sid("TenantItemsByTag")
                .effect(IamEffect.ALLOW)
                .actionIds(access.actions())
                .resourceIds(table.withIndexes(design));
        PolicyConditions.leadingKeysLike(statement, List.of("TENANT#${aws:PrincipalTag/" + TENANT_TAG + "}#*"));
        return IamPolicy.builder().version("2012-10-17").addStatement(statement.build()).build();
    }
}
