package dev.enclave.iam.proof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.table.TableDesign;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The encoder refuses what it does not model, sizes sets from the policy, and decides concrete requests as IAM. */
class EncodedPolicyTest {

    static final String TABLE = "arn:aws:dynamodb:eu-west-1:123456789012:table/enclave";
    private static final Z3Solver Z3 = new Z3Solver(10_000);

    @AfterAll
    static void close() {
        Z3.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "\"NotAction\":\"dynamodb:Scan\",\"Resource\":\"*\"",
        "\"Action\":\"dynamodb:GetItem\",\"NotResource\":\"*\"",
        "\"Principal\":{\"AWS\":\"*\"},\"Action\":\"sts:AssumeRole\",\"Resource\":\"*\"",
        "\"Action\":\"*\",\"Resource\":\"*\",\"Condition\":{\"NumericLessThan\":{\"aws:MultiFactorAuthAge\":\"3\"}}",
        "\"Action\":\"*\",\"Resource\":\"*\",\"Condition\":{\"ForAllValues:StringLikeIfExists\":{\"k\":\"x\"}}",
        "\"Action\":\"*\",\"Resource\":\"*\",\"Condition\":{\"StringEqualsIgnoreCase\":{\"k\":\"x\"}}",
        "\"Action\":\"*\",\"Resource\":\"*\",\"Condition\":{\"StringLike\":{\"k\":\"${aws:username, 'x'}\"}}",
        "\"Action\":\"*\",\"Resource\":\"arn:aws:dynamodb:*\"",
        "\"Action\":\"dynamodb:GetItem\",\"Resource\":\"*\",\"Condition\":{\"Null\":{\"k\":\"maybe\"}}"
    })
    void of_anElementItDoesNotModel_isRefusedLoudly(String statement) {
        String json = "{\"Version\":\"2012-10-17\",\"Statement\":{\"Effect\":\"Allow\"," + statement + "}}";

        assertThatThrownBy(() -> EncodedPolicy.of(json)).isInstanceOf(UnsupportedPolicyException.class)
                .hasMessageStartingWith("not encodable, refused:");
    }

    @Test
    void of_aVersion2008Document_isRefused_itsVariablesWouldBeText() {
        assertThatThrownBy(() -> EncodedPolicy.of("{\"Version\":\"2008-10-17\",\"Statement\":[]}"))
                .isInstanceOf(UnsupportedPolicyException.class);
    }

    @Test
    void witnesses_areDerivedFromThePolicy_neverFixedAtOne() {
        String data = new Subjects(new TableArn(TABLE), TableDesign.ENCLAVE).dataJson("acme", "k3j9",
                Access.READ_WRITE);
        String anyValueAllow = data.replace("ForAllValues:StringLike", "ForAnyValue:StringLike");
        String allValuesDeny = data.replace("ForAnyValue:StringEquals", "ForAllValues:StringEquals");

        assertThat(EncodedPolicy.of(data).witnesses(true)).isEmpty();
        assertThat(EncodedPolicy.of(data).witnesses(false)).isEqualTo(Map.of(ContextKey.LEADING_KEYS, 1,
                ContextKey.ATTRIBUTES, 1));
        assertThat(EncodedPolicy.of(anyValueAllow).witnesses(true)).isEqualTo(Map.of(ContextKey.LEADING_KEYS, 1));
        assertThat(EncodedPolicy.of(allValuesDeny).witnesses(true)).isEqualTo(Map.of(ContextKey.ATTRIBUTES, 1));
    }

    @Test
    void decide_forAllValuesWithoutNullGuard_allowsARequestWithoutLeadingKeys_asIamDoes() {
        Authorization policy = allow("\"Condition\":{\"ForAllValues:StringLike\":{\"dynamodb:LeadingKeys\":"
                + "\"TENANT#acme#*\"}}");

        assertThat(Z3.decide(policy, request("dynamodb:Scan", TABLE, Map.of()))).isEqualTo(Verdict.ALLOW);
        assertThat(Z3.decide(policy, request("dynamodb:GetItem", TABLE, Map.of("dynamodb:LeadingKeys",
                List.of("TENANT#acme#x", "TENANT#beta#x"))))).isEqualTo(Verdict.IMPLICIT_DENY);
    }

    @Test
    void decide_actionsIgnoreCase_resourcesDoNot_andAWildcardNeverSpansAnArnSegment() {
        Authorization policy = byPolicy("{\"Version\":\"2012-10-17\",\"Statement\":{\"Effect\":\"Allow\","
                + "\"Action\":\"DynamoDB:get*\",\"Resource\":\"arn:aws:dynamodb:*:123456789012:table/enclave\"}}");

        assertThat(Z3.decide(policy, request("dynamodb:GetItem", TABLE, Map.of()))).isEqualTo(Verdict.ALLOW);
        assertThat(Z3.decide(policy, request("dynamodb:GetItem", TABLE.replace("enclave", "Enclave"), Map.of())))
                .isEqualTo(Verdict.IMPLICIT_DENY);
        assertThat(Z3.decide(policy, request("dynamodb:GetItem",
                "arn:aws:dynamodb:eu-west-1:1:2:123456789012:table/enclave", Map.of())))
                .isEqualTo(Verdict.IMPLICIT_DENY);
    }

    @Test
    void decide_aPolicyVariable_resolvesFromTheRequest_andMatchesNothingWhenAbsent() {
        Authorization policy = allow("\"Condition\":{\"ForAllValues:StringLike\":{\"dynamodb:LeadingKeys\":"
                + "\"TENANT#${aws:PrincipalTag/TenantId}#*\"},\"Null\":{\"dynamodb:LeadingKeys\":\"false\"}}");
        Map<String, List<String>> acmeKey = Map.of("dynamodb:LeadingKeys", List.of("TENANT#acme#x"));

        assertThat(Z3.decide(policy, request("dynamodb:GetItem", TABLE, Map.of("dynamodb:LeadingKeys",
                List.of("TENANT#acme#x"), "aws:PrincipalTag/TenantId", List.of("acme"))))).isEqualTo(Verdict.ALLOW);
        assertThat(Z3.decide(policy, request("dynamodb:GetItem", TABLE, acmeKey))).isEqualTo(Verdict.IMPLICIT_DENY);
    }

    @Test
    void decide_aDenyMatching_isAnExplicitDeny() {
        String data = new Subjects(new TableArn(TABLE), TableDesign.ENCLAVE).dataJson("acme", "k3j9",
                Access.READ_WRITE);

        assertThat(Z3.decide(Authorization.byPolicy(EncodedPolicy.of(data)), request("dynamodb:PutItem", TABLE,
                Map.of("dynamodb:LeadingKeys", List.of("TENANT#acme#DATA#k3j9#x"), "dynamodb:Attributes",
                        List.of("PK", "GSI2PK"))))).isEqualTo(Verdict.EXPLICIT_DENY);
    }

    private static Authorization allow(String condition) {
        return byPolicy("{\"Version\":\"2012-10-17\",\"Statement\":{\"Effect\":\"Allow\",\"Action\":\"dynamodb:*\","
                + "\"Resource\":\"" + TABLE + "\"," + condition + "}}");
    }

    private static Authorization byPolicy(String json) {
        return Authorization.byPolicy(EncodedPolicy.of(json));
    }

    private static ConcreteRequest request(String action, String resource, Map<String, List<String>> context) {
        return new ConcreteRequest(action, resource, context);
    }
}
