package dev.enclave.tenancy.credentials;

import dev.enclave.digest.Sha256;
import dev.enclave.tenancy.guard.GuardScope;
import java.util.Optional;

/**
 * Role session names and the tenant session tag, derived from a scope so CloudTrail shows which tenant a
 * session acted for: {@code enclave-<tenant>-<digest of the scope>} (at most 64 characters of {@code [\w+=,.@-]}).
 */
final class SessionNames {

    static final String TENANT_TAG = "TenantId";
    private static final String TENANT_PREFIX = GuardScope.TENANT_MARKER;

    private SessionNames() {
    }

    static String sessionName(GuardScope scope) {
        String tenant = tenantOf(scope).orElse("user");
        return "enclave-" + tenant + "-" + digest(String.join(",", scope.prefixes())).substring(0, 12);
    }

    /** The one tenant a scope holds, if it holds exactly one (a tenant's data namespace counts as that tenant). */
    static Optional<String> tenantOf(GuardScope scope) {
        var tenants = scope.prefixes().stream().filter(p -> p.startsWith(TENANT_PREFIX))
                .map(p -> p.substring(TENANT_PREFIX.length(), p.indexOf('#', TENANT_PREFIX.length()))).toList();
        return tenants.size() == 1 ? Optional.of(tenants.get(0)) : Optional.empty();
    }

    private static String digest(String value) {
        return Sha256.hex(value);
    }
}
