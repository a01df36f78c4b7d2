package dev.enclave.iam.proof;

import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.PolicyScope;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.iam.policy.TenantDataPolicy;
import dev.enclave.iam.policy.TenantSessionPolicy;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tenant policies rendered once with sentinel ids: the template every rendering is, byte for byte, with the
 * sentinels replaced by the ids (a test holds the renderers to that). A proof about the template with the sentinels
 * as symbolic strings is a proof about every rendering.
 */
public final class PolicyTemplates {

    /** A valid tenant id that occurs nowhere else in a rendered policy. */
    public static final String TENANT_SENTINEL = "qq0tenant0sentinel0qq";
    /** A valid incarnation that occurs nowhere else in a rendered policy. */
    public static final String INCARNATION_SENTINEL = "qq0incarnation0q";

    private static final Pattern SENTINELS = Pattern.compile(TENANT_SENTINEL + "|" + INCARNATION_SENTINEL);

    private PolicyTemplates() {
    }

    /** {@link TenantSessionPolicy} for the sentinel tenant. */
    public static String session(Access access, TableArn table, TableDesign design) {
        return TenantSessionPolicy.render(scope(LeadingKeyPrefix.tenant(TenantId.of(TENANT_SENTINEL)), access),
                table, design);
    }

    /** {@link TenantDataPolicy} for the sentinel tenant and incarnation. */
    public static String data(Access access, TableArn table, TableDesign design) {
        return TenantDataPolicy.render(scope(design.dataNamespace(TenantId.of(TENANT_SENTINEL),
                new Incarnation(INCARNATION_SENTINEL)), access), table, design);
    }

    /** The template with the ids in place of the sentinels, in one pass. */
    public static String substitute(String template, String tenant, String incarnation) {
        Matcher sentinel = SENTINELS.matcher(template);
        StringBuilder out = new StringBuilder();
        while (sentinel.find()) {
            String id = sentinel.group().equals(TENANT_SENTINEL) ? tenant : incarnation;
            sentinel.appendReplacement(out, Matcher.quoteReplacement(id));
        }
        sentinel.appendTail(out);
        return out.toString();
    }

    private static PolicyScope scope(LeadingKeyPrefix prefix, Access access) {
        return PolicyScope.of(Set.of(prefix), access);
    }
}
