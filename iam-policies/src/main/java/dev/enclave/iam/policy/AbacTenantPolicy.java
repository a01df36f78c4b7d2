package dev.enclave.iam.policy;

import dev.enclave.identity.EmailKey;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.util.List;
import software.amazon.awssdk.policybuilder.iam.IamConditionOperator;
import software.amazon.awssdk.policybuilder.iam.IamEffect;
import software.amazon.awssdk.policybuilder.iam.IamPolicy;
import software.amazon.awssdk.policybuilder.iam.IamStatement;

/**
 * The ABAC alternative: one static policy on the tenant access role whose leading-key condition reads the
 * session's {@value #TENANT_TAG} tag, so AssumeRole for a tenant needs no inline policy. Sessions without the tag
 * (Enclave's cross-tenant entries: a user's own entries, an address's invitations, the owed-work index, the API keys'
 * lookup entries) may touch only those partitions, and Enclave narrows each with an inline session policy to the one
 * user, address, index or tenant's lookup entries it is for.
 */
public final class AbacTenantPolicy {

    /** The session tag that carries the tenant id. */
    public static final String TENANT_TAG = "TenantId";

    private AbacTenantPolicy() {
    }

    private static final String TAG_KEY = "aws:PrincipalTag/" + TENANT_TAG;

    public static IamPolicy policy(TableArn table, TableDesign design, Access access) {
        IamStatement.Builder tenant = items("TenantItemsByTag", table, design, access);
        PolicyConditions.leadingKeysLike(tenant, List.of("TENANT#${" + TAG_KEY + "}#*"));
        IamStatement.Builder untagged = items("UntaggedSessionsCrossTenantEntries", table, design, access);
        PolicyConditions.leadingKeysLike(untagged, List.of(UserKey.PARTITION_PREFIX + "*",
                EmailKey.PARTITION_PREFIX + "*", TableDesign.OWED_WORK + "*", TableDesign.API_KEY_LOOKUPS + "*",
                TableDesign.PLATFORM_ACTIONS + "*"));
        untagged.addCondition(IamConditionOperator.NULL, TAG_KEY, "true");
        return IamPolicy.builder().version("2012-10-17").addStatement(tenant.build()).addStatement(untagged.build())
                .build();
    }

    private static IamStatement.Builder items(String sid, TableArn table, TableDesign design, Access access) {
        return IamStatement.builder().sid(sid).effect(IamEffect.ALLOW).actionIds(access.actions())
                .resourceIds(table.withIndexes(design));
    }
}
