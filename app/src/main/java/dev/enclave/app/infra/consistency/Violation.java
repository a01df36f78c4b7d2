package dev.enclave.app.infra.consistency;

import dev.enclave.identity.TenantId;
import java.util.Objects;

/**
 * One broken invariant.
 *
 * @param tenant the tenant whose partition holds the item, {@code -} when it is in none
 * @param key    the item's table key, {@code PK SK}
 * @param detail what is wrong, without names or emails (only keys and counts)
 */
public record Violation(ViolationKind kind, String tenant, String key, String detail) {

    /** The tenant of an item in no tenant's partition. */
    public static final String NO_TENANT = "-";

    public Violation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(detail, "detail");
    }

    static Violation of(ViolationKind kind, TenantId tenant, TableItem item, String detail) {
        return new Violation(kind, tenant.value(), item.key(), detail);
    }
}
