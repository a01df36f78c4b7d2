package dev.enclave.iam.policy;

import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.table.TableDesign;
import java.util.List;
import software.amazon.awssdk.policybuilder.iam.IamConditionOperator;
import software.amazon.awssdk.policybuilder.iam.IamEffect;
import software.amazon.awssdk.policybuilder.iam.IamPolicy;
import software.amazon.awssdk.policybuilder.iam.IamStatement;

/**
 * The inline session policy of every credential that leaves Enclave (a tenant's backend, an API key's container
 * credentials): the scope's actions on the table alone — no index ARN, so no index can be read — where every
 * leading key starts with the tenant's data-namespace prefix; and, for writers, an explicit deny of any write that
 * names an index key attribute ({@code dynamodb:Attributes}), so no item a tenant writes can appear on an index and
 * in another tenant's or user's index partition. A pure function.
 */
public final class TenantDataPolicy {

    /** The write actions the index-key deny covers: every action that can set an attribute, and DeleteItem. */
    static final List<String> WRITE_ACTIONS = List.of("dynamodb:BatchWriteItem", "dynamodb:DeleteItem",
            "dynamodb:PutItem", "dynamodb:UpdateItem");

    static final String ATTRIBUTES = "dynamodb:Attributes";

    private TenantDataPolicy() {
    }

    /** The policy as a typed document. */
    public static IamPolicy policy(PolicyScope scope, TableArn table, TableDesign design) {
        IamStatement.Builder data = IamStatement.builder()
                .sid("TenantData")
                .effect(IamEffect.ALLOW)
                .actionIds(scope.access().actions())
                .addResource(table.value());
        PolicyConditions.leadingKeysLike(data, scope.prefixes().stream().map(LeadingKeyPrefix::pattern).toList());
        IamPolicy.Builder policy = IamPolicy.builder().version("2012-10-17").addStatement(data.build());
        if (scope.access() == Access.READ_WRITE) {
            policy.addStatement(IamStatement.builder()
                    .sid("NoIndexKeys")
                    .effect(IamEffect.DENY)
                    .actionIds(WRITE_ACTIONS)
                    .addResource(table.value())
                    .addConditions(IamConditionOperator.STRING_EQUALS.addPrefix("ForAnyValue:"), ATTRIBUTES,
                            design.indexKeyAttributes())
                    .build());
        }
        return policy.build();
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
