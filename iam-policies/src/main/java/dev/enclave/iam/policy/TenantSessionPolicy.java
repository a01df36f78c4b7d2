package dev.enclave.iam.policy;

import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.table.TableDesign;
import software.amazon.awssdk.policybuilder.iam.IamEffect;
import software.amazon.awssdk.policybuilder.iam.IamPolicy;
import software.amazon.awssdk.policybuilder.iam.IamStatement;

/**
 * The inline session policy passed to AssumeRole for a scope: the scope's actions on the table and each of its
 * indexes, only where every leading key starts with one of the scope's prefixes. A pure function.
 */
public final class TenantSessionPolicy {

    private TenantSessionPolicy() {
    }

    /** The policy as a typed document. */
    public static IamPolicy policy(PolicyScope scope, TableArn table, TableDesign design) {
        IamStatement.Builder statement = IamStatement.builder()
                .sid("TenantItems")
                .effect(IamEffect.ALLOW)
                .actionIds(scope.access().actions())
                .resourceIds(table.withIndexes(design));
        PolicyConditions.leadingKeysLike(statement,
                scope.prefixes().stream().map(LeadingKeyPrefix::pattern).toList());
        return IamPolicy.builder().version("2012-10-17").addStatement(statement.build()).build();
    }

    /**
     * The compact JSON sent to STS.
     *
     * @throws PolicySize.TooLargeException when over the session-policy limit
     */
    public static String render(PolicyScope scope, TableArn table, TableDesign design) {
        String json = policy(scope, table, design).toJson();
        PolicySize.of(json).requireWithinLimit();
        return json;
    }
}
