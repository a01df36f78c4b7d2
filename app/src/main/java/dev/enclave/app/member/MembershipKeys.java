package dev.enclave.app.member;

import dev.enclave.identity.EmailKey;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Where a membership lives: {@code PK = TENANT#<org>#, SK = MEMBER#<user digest>}; on the cross-tenant user index
 * ({@code byUser}) {@code GSI2PK = USER#<user digest>#, GSI2SK = ORG#<org>} for "my organisations".
 */
public final class MembershipKeys {

    /** Sort-key prefix of every membership. */
    public static final String SORT_KEY_PREFIX = "MEMBER#";
    /** Sort-key prefix of memberships on the user index. */
    public static final String USER_INDEX_SORT_PREFIX = "ORG#";

    private MembershipKeys() {
    }

    public static Map<String, AttributeValue> key(TenantId tenant, UserKey user) {
        return Map.of("PK", AttributeValue.fromS(LeadingKeyPrefix.tenant(tenant).value()),
                "SK", AttributeValue.fromS(SORT_KEY_PREFIX + user.digest()));
    }

    /** Sort-key prefix of the item saying "this email is already a member" (invitations check it). */
    public static final String EMAIL_GUARD_PREFIX = "MEMBER_EMAIL#";

    public static Map<String, AttributeValue> emailGuardKey(TenantId tenant, EmailKey email) {
        return Map.of("PK", AttributeValue.fromS(LeadingKeyPrefix.tenant(tenant).value()),
                "SK", AttributeValue.fromS(EMAIL_GUARD_PREFIX + email.digest()));
    }

    /** The byTenantCollection partition holding every service-group assignment of one member. */
    public static String assignments(TenantId tenant, UserKey user) {
        return LeadingKeyPrefix.tenant(tenant).value() + "MEMBER#" + user.digest();
    }

    /** One organisation's memberships in key order, strongly consistent, {@code limit} to a page. */
    static QueryRequest.Builder organisationMembers(String table, TenantId tenant, int limit) {
        return QueryRequest.builder().tableName(table).limit(limit).consistentRead(true)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :members)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(LeadingKeyPrefix.tenant(tenant).value()),
                        ":members", AttributeValue.fromS(SORT_KEY_PREFIX)));
    }

    static String userIndexPartition(UserKey user) {
        return user.prefix().value();
    }

    static String userIndexSort(TenantId tenant) {
        return USER_INDEX_SORT_PREFIX + tenant.value();
    }
}
