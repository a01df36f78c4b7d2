package dev.enclave.iam.proof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.PolicyScope;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.iam.policy.TenantDataPolicy;
import dev.enclave.iam.policy.TenantSessionPolicy;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The step from "the template" to "every rendering": rendering an id is the template with the id put in. */
class PolicyTemplatesTest {

    private static final TableArn TABLE = new TableArn("arn:aws:dynamodb:eu-west-1:123456789012:table/enclave");
    private static final TableDesign DESIGN = TableDesign.ENCLAVE;

    @Test
    void rendering_anyTenant_isTheSessionTemplateWithTheIdPutIn_byteForByte() {
        for (Access access : Access.values()) {
            String template = PolicyTemplates.session(access, TABLE, DESIGN);
            for (String tenant : tenants()) {
                String rendered = TenantSessionPolicy.render(PolicyScope.of(Set.of(LeadingKeyPrefix.tenant(
                        TenantId.of(tenant))), access), TABLE, DESIGN);

                assertThat(PolicyTemplates.substitute(template, tenant, "")).isEqualTo(rendered);
            }
        }
    }

    @Test
    void rendering_anyTenantAndIncarnation_isTheDataTemplateWithTheIdsPutIn_byteForByte() {
        Random random = new Random(28);
        for (Access access : Access.values()) {
            String template = PolicyTemplates.data(access, TABLE, DESIGN);
            for (String tenant : tenants()) {
                String incarnation = incarnation(random);
                String rendered = TenantDataPolicy.render(PolicyScope.of(Set.of(DESIGN.dataNamespace(
                        TenantId.of(tenant), new Incarnation(incarnation))), access), TABLE, DESIGN);

                assertThat(PolicyTemplates.substitute(template, tenant, incarnation)).isEqualTo(rendered);
            }
        }
    }

    @Test
    void sentinels_areValidIds_andEachTemplateHoldsThemOnlyWhereAnIdGoes() {
        assertThat(TenantId.of(PolicyTemplates.TENANT_SENTINEL)).isNotNull();
        assertThat(new Incarnation(PolicyTemplates.INCARNATION_SENTINEL)).isNotNull();
        String data = PolicyTemplates.data(Access.READ_WRITE, TABLE, DESIGN);

        assertThat(data.split(PolicyTemplates.TENANT_SENTINEL, -1)).hasSize(2);
        assertThat(data.split(PolicyTemplates.INCARNATION_SENTINEL, -1)).hasSize(2);
    }

    @Test
    void subjects_forIdsTheRendererRefuses_useTheTemplate_andSaySo() {
        assertThat(Subjects.viaTemplate("a", "k3j9")).isTrue();
        assertThat(Subjects.viaTemplate("a-", "k3j9")).isTrue();
        assertThat(Subjects.viaTemplate("acme", "k3j9")).isFalse();
        assertThat(new Subjects(TABLE, DESIGN).sessionJson("a", Access.READ))
                .contains("\"TENANT#a#*\"");
    }

    /** The adversarial valid ids, and 300 random ones of every length. */
    private static List<String> tenants() {
        List<String> ids = new ArrayList<>(List.of("acme", "acme-2", "123", "1234", ProofPlan.LONGEST_TENANT,
                "a-b-c", "0-0", PolicyTemplates.TENANT_SENTINEL));
        Random random = new Random(20261125);
        String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
        while (ids.size() < 300) {
            StringBuilder id = new StringBuilder();
            int length = 3 + random.nextInt(TenantId.MAX_LENGTH - 2);
            for (int i = 0; i < length; i++) {
                boolean hyphen = i > 0 && i < length - 1 && id.charAt(i - 1) != '-' && random.nextInt(5) == 0;
                id.append(hyphen ? '-' : alphabet.charAt(random.nextInt(alphabet.length())));
            }
            ids.add(id.toString());
        }
        return ids;
    }

    private static String incarnation(Random random) {
        StringBuilder id = new StringBuilder();
        int length = 1 + random.nextInt(16);
        for (int i = 0; i < length; i++) {
            id.append("abcdefghijklmnopqrstuvwxyz0123456789".charAt(random.nextInt(36)));
        }
        return id.toString();
    }
}
