package dev.enclave.sandbox.iam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PolicyEvaluatorTest {

    private static final String TABLE = "arn:aws:dynamodb:us-east-1:000000000000:table/t";
    private static final String TENANT_POLICY = tenantPolicy("\"dynamodb:GetItem\",\"dynamodb:Query\",\"dynamodb:PutItem\"", true);

    private static String tenantPolicy(String actions, boolean nullGuard) {
        return """
                {"Version":"2012-10-17","Statement":{"Effect":"Allow","Action":[%s],
                 "Resource":["%s","%s/index/GSI1"],
                 "Condition":{"ForAllValues:StringLike":{"dynamodb:LeadingKeys":"TENANT#acme#*"}%s}}}"""
                .formatted(actions, TABLE, TABLE, nullGuard ? ",\"Null\":{\"dynamodb:LeadingKeys\":\"false\"}" : "");
    }

    @Test
    void evaluate_whenOwnLeadingKey_allows() {
        assertThat(decide(TENANT_POLICY, "dynamodb:GetItem", TABLE, keys("TENANT#acme#ORG"))).isEqualTo(Decision.ALLOW);
    }

    @Test
    void evaluate_whenNeighbouringTenant_deniesImplicitly() {
        assertThat(decide(TENANT_POLICY, "dynamodb:GetItem", TABLE, keys("TENANT#acme2#ORG")))
                .isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void evaluate_whenOneOfSeveralKeysForeign_deniesTheWhole() {
        assertThat(decide(TENANT_POLICY, "dynamodb:GetItem", TABLE, keys("TENANT#acme#A", "TENANT#beta#B")))
                .isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void evaluate_whenForAllValuesAndKeyAbsent_isTrueSoOnlyTheNullGuardDenies() {
        assertThat(decide(tenantPolicy("\"dynamodb:Scan\"", false), "dynamodb:Scan", TABLE, Map.of()))
                .isEqualTo(Decision.ALLOW);
        assertThat(decide(tenantPolicy("\"dynamodb:Scan\"", true), "dynamodb:Scan", TABLE, Map.of()))
                .isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void evaluate_whenActionNotListed_deniesImplicitly() {
        assertThat(decide(TENANT_POLICY, "dynamodb:DeleteTable", TABLE, keys("TENANT#acme#A")))
                .isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void evaluate_whenIndexNotListed_deniesImplicitly() {
        assertThat(decide(TENANT_POLICY, "dynamodb:Query", TABLE + "/index/GSI2", keys("TENANT#acme#A")))
                .isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(decide(TENANT_POLICY, "dynamodb:Query", TABLE + "/index/GSI1", keys("TENANT#acme#A")))
                .isEqualTo(Decision.ALLOW);
    }

    @Test
    void aDenyOnADateNumberOrAddress_isEnforced_notSkipped() {
        Map<String, List<String>> session = Map.of("aws:TokenIssueTime", List.of("2026-11-27T10:00:00Z"),
                "aws:EpochTime", List.of("1795000000"), "aws:SourceIp", List.of("10.1.2.3"));

        assertThat(decide(denyWhen("\"DateLessThan\":{\"aws:TokenIssueTime\":\"2030-01-01T00:00:00Z\"}"),
                "dynamodb:GetItem", TABLE, session)).as("credentials issued before a revocation")
                .isEqualTo(Decision.EXPLICIT_DENY);
        assertThat(decide(denyWhen("\"DateLessThan\":{\"aws:TokenIssueTime\":\"2026-01-01\"}"),
                "dynamodb:GetItem", TABLE, session)).isEqualTo(Decision.ALLOW);
        assertThat(decide(denyWhen("\"NumericLessThan\":{\"aws:EpochTime\":\"9999999999\"}"),
                "dynamodb:GetItem", TABLE, session)).isEqualTo(Decision.EXPLICIT_DENY);
        assertThat(decide(denyWhen("\"NumericGreaterThanEquals\":{\"aws:EpochTime\":\"1795000001\"}"),
                "dynamodb:GetItem", TABLE, session)).isEqualTo(Decision.ALLOW);
        assertThat(decide(denyWhen("\"NotIpAddress\":{\"aws:SourceIp\":\"192.168.0.0/16\"}"),
                "dynamodb:GetItem", TABLE, session)).isEqualTo(Decision.EXPLICIT_DENY);
        assertThat(decide(denyWhen("\"IpAddress\":{\"aws:SourceIp\":[\"192.168.0.0/16\",\"10.0.0.0/8\"]}"),
                "dynamodb:GetItem", TABLE, session)).isEqualTo(Decision.EXPLICIT_DENY);
        assertThat(decide(denyWhen("\"IpAddress\":{\"aws:SourceIp\":\"10.1.2.4/32\"}"),
                "dynamodb:GetItem", TABLE, session)).isEqualTo(Decision.ALLOW);
        assertThat(decide(denyWhen("\"DateLessThan\":{\"aws:TokenIssueTime\":\"2030-01-01T00:00:00\"}"),
                "dynamodb:GetItem", TABLE, session)).as("a date-time without an offset is UTC")
                .isEqualTo(Decision.EXPLICIT_DENY);
        assertThat(decide(denyWhen("\"DateLessThan\":{\"aws:TokenIssueTime\":\"99999999999999999999\"}"),
                "dynamodb:GetItem", TABLE, session)).as("no date: matches nothing").isEqualTo(Decision.ALLOW);
    }

    @Test
    void anOperatorIamDoesNotKnow_isFoundBeforeAnySessionIsGiven() {
        assertThat(PolicyEvaluator.unknownConditionOperator(denyWhen("\"DateLesThan\":{\"aws:EpochTime\":\"1\"}")))
                .contains("DateLesThan");
        assertThat(PolicyEvaluator.unknownConditionOperator(denyWhen("\"ForAnyValue:NumericLessThanIfExists\":"
                + "{\"aws:EpochTime\":\"1\"}"))).isEmpty();
        assertThat(PolicyEvaluator.unknownConditionOperator(TENANT_POLICY)).isEmpty();
    }

    private static String denyWhen(String condition) {
        return "{\"Statement\":[{\"Effect\":\"Allow\",\"Action\":\"dynamodb:*\",\"Resource\":\"*\"},"
                + "{\"Effect\":\"Deny\",\"Action\":\"dynamodb:*\",\"Resource\":\"*\",\"Condition\":{" + condition
                + "}}]}";
    }

    @Test
    void evaluate_whenExplicitDenyMatches_denyWins() {
        String deny = """
                {"Statement":[{"Effect":"Allow","Action":"dynamodb:*","Resource":"*"},
                              {"Effect":"Deny","Action":"dynamodb:GetItem","Resource":"*"}]}""";

        assertThat(decide(deny, "dynamodb:GetItem", TABLE, keys("x"))).isEqualTo(Decision.EXPLICIT_DENY);
        assertThat(decide(deny, "dynamodb:PutItem", TABLE, keys("x"))).isEqualTo(Decision.ALLOW);
    }

    @Test
    void evaluate_whenPrincipalTagVariable_resolvesFromContext() {
        String abac = TENANT_POLICY.replace("TENANT#acme#*", "TENANT#${aws:PrincipalTag/TenantId}#*");
        Map<String, List<String>> acme = Map.of("dynamodb:LeadingKeys", List.of("TENANT#acme#A"),
                "aws:PrincipalTag/TenantId", List.of("acme"));
        Map<String, List<String>> untagged = Map.of("dynamodb:LeadingKeys", List.of("TENANT#acme#A"));

        assertThat(decide(abac, "dynamodb:GetItem", TABLE, acme)).isEqualTo(Decision.ALLOW);
        assertThat(decide(abac, "dynamodb:GetItem", TABLE, untagged)).isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void evaluate_whenVariableValueHasWildcards_theyStayLiteral() {
        String abac = TENANT_POLICY.replace("TENANT#acme#*", "TENANT#${aws:PrincipalTag/TenantId}#*");
        Map<String, List<String>> star = Map.of("dynamodb:LeadingKeys", List.of("TENANT#beta#A"),
                "aws:PrincipalTag/TenantId", List.of("*"));

        assertThat(decide(abac, "dynamodb:GetItem", TABLE, star)).isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void evaluate_whenNotActionAndNotResource_matchTheComplement() {
        String policy = """
                {"Statement":{"Effect":"Allow","NotAction":"dynamodb:Scan","NotResource":"%s/index/*"}}"""
                .formatted(TABLE);

        assertThat(decide(policy, "dynamodb:GetItem", TABLE, Map.of())).isEqualTo(Decision.ALLOW);
        assertThat(decide(policy, "dynamodb:Scan", TABLE, Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(decide(policy, "dynamodb:GetItem", TABLE + "/index/GSI1", Map.of()))
                .isEqualTo(Decision.IMPLICIT_DENY);
    }

    @Test
    void evaluate_whenForAnyValueAndKeyAbsent_isFalse() {
        String policy = """
                {"Statement":{"Effect":"Allow","Action":"*","Resource":"*",
                  "Condition":{"ForAnyValue:StringEquals":{"dynamodb:LeadingKeys":"A"}}}}""";

        assertThat(decide(policy, "dynamodb:Scan", TABLE, Map.of())).isEqualTo(Decision.IMPLICIT_DENY);
        assertThat(decide(policy, "dynamodb:GetItem", TABLE, keys("B", "A"))).isEqualTo(Decision.ALLOW);
    }

    @Test
    void evaluate_whenActionCaseDiffers_stillMatches() {
        assertThat(decide(TENANT_POLICY, "DynamoDB:getitem", TABLE, keys("TENANT#acme#A"))).isEqualTo(Decision.ALLOW);
    }

    private static Decision decide(String policy, String action, String resource, Map<String, List<String>> context) {
        return PolicyEvaluator.evaluate(List.of(policy), new AuthorizationRequest(action, resource, context));
    }

    private static Map<String, List<String>> keys(String... leadingKeys) {
        return Map.of("dynamodb:LeadingKeys", List.of(leadingKeys));
    }
}
