package dev.enclave.sandbox.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.PolicyScope;
import dev.enclave.iam.policy.RolePolicies;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.iam.policy.TenantDataPolicy;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.sandbox.sts.RoleDefinition;
import dev.enclave.sandbox.sts.Session;
import dev.enclave.table.TableDesign;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The role's policy and the session policy together, with {@code dynamodb:Attributes} from each authorisation: the
 * data policy's deny of index-key writes wins over both allows.
 */
class SessionAuthorizerTest {

    private static final String ROLE = "arn:aws:iam::000000000000:role/enclave-tenant";
    private static final TableArn TABLE = new TableArn("arn:aws:dynamodb:us-east-1:000000000000:table/enclave");
    private static final String DATA = "TENANT#acme#DATA#k3j9#";
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    private final SessionAuthorizer authorizer = new SessionAuthorizer(List.of(RoleDefinition.trusting(
            Principal.localApplication(), ROLE, RolePolicies.tenantRolePermissions(TABLE, TableDesign.ENCLAVE)
                    .toJson())), "us-east-1");

    @Test
    void putItem_namingNoIndexKey_isAllowed() {
        assertThat(refusal(Access.READ_WRITE, put(List.of("PK", "SK", "title")))).isEmpty();
    }

    @Test
    void putItem_namingAnIndexKey_isRefusedByTheSessionPolicysExplicitDeny() {
        assertThat(refusal(Access.READ_WRITE, put(List.of("PK", "SK", "GSI1PK"))))
                .hasValueSatisfying(error -> assertThat(error.message())
                        .endsWith("with an explicit deny in a session policy"));
    }

    @Test
    void putItem_namingAnIndexKeyInAnotherCase_isAnotherAttribute_andAllowed() {
        assertThat(refusal(Access.READ_WRITE, put(List.of("PK", "SK", "gsi1pk")))).isEmpty();
    }

    @Test
    void batch_oneItemNamingAnIndexKey_refusesTheWholeRequest() {
        assertThat(refusal(Access.READ_WRITE,
                new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE.value(), List.of(DATA + "A"),
                        List.of("PK", "SK")),
                new RequiredAuthorization("dynamodb:BatchWriteItem", TABLE.value(), List.of(DATA + "B"),
                        List.of("PK", "SK", "GSI2SK")))).isPresent();
    }

    @Test
    void readCredentials_cannotWrite_evenWithoutIndexKeys() {
        assertThat(refusal(Access.READ, put(List.of("PK", "SK"))))
                .hasValueSatisfying(error -> assertThat(error.message())
                        .endsWith("because no session policy allows the dynamodb:PutItem action"));
    }

    private static RequiredAuthorization put(List<String> attributes) {
        return new RequiredAuthorization("dynamodb:PutItem", TABLE.value(), List.of(DATA + "X"), attributes);
    }

    private Optional<DynamoDbError> refusal(Access access, RequiredAuthorization... needed) {
        String policy = TenantDataPolicy.render(PolicyScope.of(Set.of(TableDesign.ENCLAVE.dataNamespace(
                TenantId.of("acme"), new Incarnation("k3j9"))), access), TABLE, TableDesign.ENCLAVE);
        Session session = new Session("ASIATEST", "secret", "token", ROLE, "AROATEST", "acme", Optional.of(policy),
                Map.of("TenantId", "acme"), Optional.empty(), NOW, NOW.plus(Duration.ofHours(1)));
        return authorizer.refusal(session, List.of(needed), NOW);
    }
}
