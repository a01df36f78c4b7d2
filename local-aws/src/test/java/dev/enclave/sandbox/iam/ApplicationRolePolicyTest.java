package dev.enclave.sandbox.iam;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.iam.policy.RolePolicies;
import dev.enclave.iam.policy.TableArn;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the application role's own policy lets the platform do to the table, decided by the sandbox's evaluator. */
class ApplicationRolePolicyTest {

    private static final String TABLE = "arn:aws:dynamodb:us-east-1:000000000000:table/enclave";
    private static final String POLICY = RolePolicies.applicationRole(new TableArn(TABLE),
            "arn:aws:iam::000000000000:role/enclave-tenant").toJson();

    @Test
    void consistencyCheck_scansTheTable_andDescribesIt() {
        assertThat(decide("dynamodb:Scan", TABLE)).isEqualTo(Decision.ALLOW);
        assertThat(decide("dynamodb:DescribeTable", TABLE)).isEqualTo(Decision.ALLOW);
    }

    @Test
    void consistencyCheck_cannotScanAnIndex() {
        assertThat(decide("dynamodb:Scan", TABLE + "/index/GSI2")).isEqualTo(Decision.IMPLICIT_DENY);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dynamodb:GetItem", "dynamodb:Query", "dynamodb:PutItem", "dynamodb:UpdateItem",
            "dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:PartiQLSelect", "dynamodb:ExportTableToPointInTime"})
    void applicationRole_neitherWritesNorReadsItemsOtherwise(String action) {
        assertThat(decide(action, TABLE)).isEqualTo(Decision.IMPLICIT_DENY);
    }

    private static Decision decide(String action, String resource) {
        return PolicyEvaluator.evaluate(List.of(POLICY), new AuthorizationRequest(action, resource, Map.of()));
    }
}
