package dev.enclave.iam.policy;

import static dev.enclave.iam.policy.TenantSessionPolicyTest.TABLE;
import static dev.enclave.iam.policy.TenantSessionPolicyTest.golden;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.io.IOException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TenantDataPolicyTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LeadingKeyPrefix ACME_DATA =
            TableDesign.ENCLAVE.dataNamespace(TenantId.of("acme"), new Incarnation("k3j9"));

    @Test
    void render_readWrite_matchesTheGoldenFile_tableOnly_andDeniesIndexKeyWrites() throws IOException {
        String json = TenantDataPolicy.render(PolicyScope.of(Set.of(ACME_DATA), Access.READ_WRITE), TABLE,
                TableDesign.ENCLAVE);

        assertThat(JSON.readTree(json)).isEqualTo(golden("data-policy-acme-readwrite.json"));
        assertThat(json).doesNotContain("/index/");
    }

    @Test
    void render_read_matchesTheGoldenFile() throws IOException {
        String json = TenantDataPolicy.render(PolicyScope.of(Set.of(ACME_DATA), Access.READ), TABLE,
                TableDesign.ENCLAVE);

        assertThat(JSON.readTree(json)).isEqualTo(golden("data-policy-acme-read.json"));
    }

    @Test
    void deny_namesEveryIndexKeyOfTheDesign() {
        assertThat(TableDesign.ENCLAVE.indexKeyAttributes()).containsExactly("GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "GSI3PK",
                "GSI3SK");
    }

    @Test
    void size_forTheLongestTenantAndIncarnation_leavesHeadroom() {
        LeadingKeyPrefix longest = TableDesign.ENCLAVE.dataNamespace(TenantId.of("a".repeat(TenantId.MAX_LENGTH)),
                new Incarnation("z".repeat(16)));
        String json = TenantDataPolicy.render(PolicyScope.of(Set.of(longest), Access.READ_WRITE), TABLE,
                TableDesign.ENCLAVE);

        PolicySize size = PolicySize.of(json);
        System.out.println("data policy, longest tenant, read-write: " + size);
        assertThat(size.headroom()).isGreaterThan(PolicySize.LIMIT / 2);
    }

    @Test
    void dataNamespace_neverCoversTheControlPartition_orAnotherTenant() {
        assertThat(ACME_DATA.value()).isEqualTo("TENANT#acme#DATA#k3j9#");
        assertThat("TENANT#acme#".startsWith(ACME_DATA.value())).isFalse();
        assertThat("TENANT#acme2#DATA#k3j9#x".startsWith(ACME_DATA.value())).isFalse();
        assertThat("TENANT#acme#DATA#k3j90#x".startsWith(ACME_DATA.value())).isFalse();
    }
}
