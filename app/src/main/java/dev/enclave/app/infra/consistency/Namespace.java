package dev.enclave.app.infra.consistency;

import dev.enclave.identity.InvalidTenantIdException;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
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

    /** {@code APIKEY#lookup#TENANT#<id>#<key id>}: the lookup entry of one of the tenant's API keys. */
    record KeyLookup(TenantId tenant) implements Namespace {
    }

    /** {@code USER#<digest>#}: a user's own partition, which holds their profile record. */
    record UserRecord() implements Namespace {
    }

    /** Any other partition key: nothing Enclave writes. */
    record Unknown() implements Namespace {
    }

    static Namespace of(String partitionKey) {
        if (partitionKey.startsWith(TableDesign.API_KEY_LOOKUPS)) {
            return lookup(partitionKey.substring(TableDesign.API_KEY_LOOKUPS.length()));
        }
        if (partitionKey.startsWith(UserKey.PARTITION_PREFIX) && partitionKey.endsWith("#")) {
            return new UserRecord();
        }
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

    /** The lookup entry at {@code APIKEY#lookup#<rest>}, whose rest is {@code TENANT#<tenant>#<key id>}. */
    private static Namespace lookup(String rest) {
        String[] segments = rest.split("#", -1);
        if (segments.length != 3 || !(TENANT.equals(segments[0] + "#"))
                || !TenantId.PATTERN.matcher(segments[1]).matches() || segments[2].isEmpty()) {
            return new Unknown();
        }
        return new KeyLookup(TenantId.of(segments[1]));
    }
}
