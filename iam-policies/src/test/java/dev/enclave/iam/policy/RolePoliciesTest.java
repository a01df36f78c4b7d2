package dev.enclave.iam.policy;

import static dev.enclave.iam.policy.TenantSessionPolicyTest.TABLE;
import static dev.enclave.iam.policy.TenantSessionPolicyTest.golden;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.table.TableDesign;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class RolePoliciesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String APP_ROLE = "arn:aws:iam::123456789012:role/enclave-app";
    private static final String TENANT_ROLE = "arn:aws:iam::123456789012:role/enclave-tenant";

    @Test
    void tenantRoleTrust_matchesTheGoldenFile() throws IOException {
        assertThat(JSON.readTree(RolePolicies.tenantRoleTrust(APP_ROLE).toJson()))
                .isEqualTo(golden("tenant-role-trust.json"));
    }

    @Test
    void tenantRolePermissions_matchesTheGoldenFile() throws IOException {
        assertThat(JSON.readTree(RolePolicies.tenantRolePermissions(TABLE, TableDesign.ENCLAVE).toJson()))
                .isEqualTo(golden("tenant-role-permissions.json"));
    }

    @Test
    void applicationRole_matchesTheGoldenFile() throws IOException {
        assertThat(JSON.readTree(RolePolicies.applicationRole(TABLE, TENANT_ROLE).toJson()))
                .isEqualTo(golden("app-role-policy.json"));
    }

    @Test
    void abacPolicy_matchesTheGoldenFile() throws IOException {
        assertThat(JSON.readTree(AbacTenantPolicy.policy(TABLE, TableDesign.ENCLAVE, Access.READ_WRITE).toJson()))
                .isEqualTo(golden("abac-policy-readwrite.json"));
    }
}
