package dev.enclave.tenancy.credentials;

import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.PolicyScope;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.iam.policy.TenantDataPolicy;
import dev.enclave.iam.policy.TenantSessionPolicy;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import java.util.stream.Collectors;

/** Renders the inline session policy for a scope (a pure function; rendered once per cached scope). */
@FunctionalInterface
public interface SessionPolicies {

    /** The session policy JSON, or {@code null} for ABAC mode where the role's static policy uses session tags. */
    String render(GuardScope scope);

    /** Enclave's tenant session policy on {@code table}: the scope's prefixes and access level. */
    static SessionPolicies inline(TableArn table, TableDesign design) {
        return scope -> TenantSessionPolicy.render(policyScope(scope), table, design);
    }

    /**
     * The policy of credentials that leave Enclave: the scope's data-namespace prefixes on the table alone, and no
     * write of an index key attribute. Used in both tenancy modes (in ABAC mode it narrows the role's tag policy).
     */
    static SessionPolicies dataNamespace(TableArn table, TableDesign design) {
        return scope -> TenantDataPolicy.render(policyScope(scope), table, design);
    }

    /**
     * ABAC: a tenant's session has no inline policy (the role's policy reads its {@code TenantId} session tag); a
     * session without a tenant (a user's or an address's own entries, the owed-work index) has the inline policy
     * that narrows the role's untagged statement to its own prefixes.
     */
    static SessionPolicies abac(TableArn table, TableDesign design) {
        SessionPolicies inline = inline(table, design);
        return scope -> SessionNames.tenantOf(scope).isPresent() ? null : inline.render(scope);
    }

    /** The IAM view of a guard scope. */
    static PolicyScope policyScope(GuardScope scope) {
        return PolicyScope.of(scope.prefixes().stream().map(LeadingKeyPrefix::new).collect(Collectors.toSet()),
                scope.readOnly() ? Access.READ : Access.READ_WRITE);
    }
}
