package dev.enclave.sandbox;

/**
 * IAM documents written out by hand for the sandbox's tests, independent of Enclave's policy model: a tenant session
 * policy, the role permission policy it intersects with, and an ABAC role policy.
 */
final class HandWrittenPolicies {

    static final String ACCOUNT = "000000000000";
    static final String ITEM_ACTIONS = """
            "dynamodb:GetItem","dynamodb:PutItem","dynamodb:UpdateItem","dynamodb:DeleteItem","dynamodb:Query",
            "dynamodb:BatchGetItem","dynamodb:BatchWriteItem","dynamodb:ConditionCheckItem\"""";

    private HandWrittenPolicies() {
    }

    static String tableArn(String table) {
        return "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/" + table;
    }

    static String roleArn(String name) {
        return "arn:aws:iam::" + ACCOUNT + ":role/" + name;
    }

    /** The tenant's session policy: item actions on the table and its indexes, leading keys under the tenant only. */
    static String tenantSessionPolicy(String table, String tenant) {
        return """
                {
                  "Version": "2012-10-17",
                  "Statement": [{
                    "Effect": "Allow",
                    "Action": [%s],
                    "Resource": ["%s", "%s/index/*"],
                    "Condition": {
                      "ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["TENANT#%s#*"]},
                      "Null": {"dynamodb:LeadingKeys": "false"}
                    }
                  }]
                }""".formatted(ITEM_ACTIONS, tableArn(table), tableArn(table), tenant);
    }

    /** The role's permission policy: the same item actions, any leading key but never none. */
    static String rolePermissionPolicy(String table) {
        return """
                {
                  "Version": "2012-10-17",
                  "Statement": [{
                    "Effect": "Allow",
                    "Action": [%s],
                    "Resource": ["%s", "%s/index/*"],
                    "Condition": {"Null": {"dynamodb:LeadingKeys": "false"}}
                  }]
                }""".formatted(ITEM_ACTIONS, tableArn(table), tableArn(table));
    }

    /** An ABAC role policy: the tenant comes from the session tag {@code TenantId}. */
    static String abacRolePolicy(String table) {
        return """
                {
                  "Version": "2012-10-17",
                  "Statement": [{
                    "Effect": "Allow",
                    "Action": [%s],
                    "Resource": ["%s", "%s/index/*"],
                    "Condition": {
                      "ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["TENANT#${aws:PrincipalTag/TenantId}#*"]},
                      "Null": {"dynamodb:LeadingKeys": "false"}
                    }
                  }]
                }""".formatted(ITEM_ACTIONS, tableArn(table), tableArn(table));
    }
}
