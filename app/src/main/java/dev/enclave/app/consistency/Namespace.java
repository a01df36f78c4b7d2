package dev.enclave.app.consistency;

import dev.enclave.identity.InvalidTenantIdException;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;

/** Whose an item's partition is: a tenant's control partition, a tenant's own data, or nobody's. */
sealed interface Namespace {

    String TENANT = "TENANT#";
    String DATA = TableDesign.DATA_NAMESPACE + "#";

    /** {@code TENANT#<id>#} exactly: Enclave's items of that tenant. */
    record Control(TenantId tenant) implements Namespace {
    }

    /** {@code TENANT#<id>#DATA#...}: the tenant's own data, which Enclave does not read. */
    record TenantData() implements Namespace {
    }

    /** Any other partition key: nothing Enclave writes. */
    record Unknown() implements Namespace {
    }

    static Namespace of(String partitionKey) {
        if (!partitionKey.startsWith(TENANT)) {
            return new Unknown();
        }
        String rest = partitionKey.substring(TENANT.length());
        int end = rest.indexOf('#');
        if (end < 0) {
            return new Unknown();
        }
        try {
            TenantId tenant = TenantId.of(rest.substring(0, end));
            String inside = rest.substring(end + 1);
            if (inside.isEmpty() && LeadingKeyPrefix.tenant(tenant).value().equals(partitionKey)) {
                return new Control(tenant);
            }
            return inside.startsWith(DATA) ? new TenantData() : new Unknown();
        } catch (InvalidTenantIdException notATenant) {
            return new Unknown();
        }
    }
}
