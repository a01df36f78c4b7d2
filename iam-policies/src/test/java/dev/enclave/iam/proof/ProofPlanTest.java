package dev.enclave.iam.proof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.table.TableDesign;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What "the policies as rendered" covers: every property, every policy, every adversarial id. */
class ProofPlanTest {

    private static final Subjects SUBJECTS = new Subjects(new TableArn(EncodedPolicyTest.TABLE),
            TableDesign.ENCLAVE);
    private static final List<Query> PLAN = ProofPlan.asRendered(SUBJECTS,
            "arn:aws:iam::123456789012:role/enclave-tenant");

    @Test
    void asRendered_asksEveryProperty() {
        assertThat(PLAN.stream().map(Query::property).distinct())
                .containsExactlyInAnyOrder("P1", "P2", "P3", "P4", "P5", "P6", "P7");
    }

    @Test
    void asRendered_coversEveryTenantForTheTemplates_theAdversarialIds_abacAndTheRoles() {
        List<String> subjects = PLAN.stream().map(Query::subject).distinct().toList();

        assertThat(subjects).contains("S(t) read", "S(t) read-write", "D(t, i) read", "D(t, i) read-write",
                "ABAC(tag t) read-write", "ABAC(untagged) read", "tenant role permissions", "application role");
        for (String tenant : List.of("a", "ab", "a-", "acme", "acme-2", ProofPlan.LONGEST_TENANT, "123")) {
            assertThat(subjects).contains("S(" + tenant + ") read-write", "D(" + tenant + ", k3j9) read-write");
        }
        assertThat(subjects).contains("D(acme, k3j9) read-write within S(acme) read-write",
                "S(a) read-write vs S(ab) read-write", "D(acme, k3j) read-write vs D(acme, k3j9) read-write");
    }

    @Test
    void p3_isAskedForEveryWrite_andP7ForEveryGrantedAction() {
        List<Query> data = ProofPlan.of(SUBJECTS.data("acme", "k3j9", Access.READ_WRITE));

        assertThat(data.stream().filter(q -> q.property().equals("P3"))).hasSize(Subjects.WRITE_ACTIONS.size());
        assertThat(data.stream().filter(q -> q.property().equals("P7"))).hasSize(8);
    }

    @Test
    void theSpecification_namesNoScanPartiQlDescribeOrWildcard() {
        assertThat(Subjects.actions(Access.READ_WRITE)).noneMatch(a -> a.contains("Scan") || a.contains("PartiQL")
                || a.contains("Describe") || a.contains("*")).hasSize(8);
        assertThat(Subjects.actions(Access.READ_WRITE)).containsExactlyInAnyOrderElementsOf(
                Access.READ_WRITE.actions());
        assertThat(Subjects.actions(Access.READ)).containsExactlyInAnyOrderElementsOf(Access.READ.actions());
    }
}
