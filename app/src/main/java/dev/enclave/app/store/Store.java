package dev.enclave.app.store;

import dev.enclave.app.platform.TableSettings;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/** Enclave's table, handed out on scoped clients only: a tenant's, or a narrower scope's. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
public final class Store {

    private final TenantDynamoDb tenants;
    private final String table;

    public Store(TenantDynamoDb tenants, TableSettings table) {
        this.tenants = tenants;
        this.table = table.getName();
    }

    /** The table on the client confined to everything {@code tenant} owns. */
    public ScopedTable forTenant(TenantId tenant) {
        return new ScopedTable(tenants.forTenant(tenant), table);
    }

    /** The table on the client confined to {@code scope}. */
    public ScopedTable forScope(GuardScope scope) {
        return new ScopedTable(tenants.forScope(scope), table);
    }
}
