package dev.enclave.tenancy.guard;

import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What one request may touch, as the guard checks it: the leading-key prefixes (each ending with {@code #},
 * e.g. {@code TENANT#acme#}) and whether it may write. Scopes key the credential cache, one per tenant, so the
 * prefixes are kept as a small immutable list, sorted and without duplicates, rather than a tree set.
 *
 * @param prefixes the prefixes in ascending order, each once
 */
public record GuardScope(List<String> prefixes, boolean readOnly) {

    /** The prefix every tenant-owned key starts with. */
    public static final String TENANT_MARKER = "TENANT#";

    public GuardScope {
        Objects.requireNonNull(prefixes, "prefixes");
        if (prefixes.isEmpty()) {
            throw new IllegalArgumentException("a scope needs at least one prefix");
        }
        for (String prefix : prefixes) {
            if (prefix.length() < 3 || !prefix.endsWith("#") || prefix.indexOf('*') >= 0 || prefix.indexOf('?') >= 0) {
                throw new IllegalArgumentException("not a leading-key prefix: " + prefix);
            }
        }
        prefixes = prefixes.size() == 1 ? List.copyOf(prefixes) : prefixes.stream().sorted().distinct().toList();
    }

    public static GuardScope of(Set<String> prefixes, boolean readOnly) {
        return new GuardScope(List.copyOf(prefixes), readOnly);
    }

    /** Everything one tenant owns, read and write. */
    public static GuardScope tenant(TenantId tenant) {
        return of(Set.of(LeadingKeyPrefix.tenant(tenant).value()), false);
    }

    /** A caller's own cross-tenant entries (their {@code USER#} or {@code EMAIL#} key), read only. */
    public static GuardScope ownEntries(LeadingKeyPrefix prefix) {
        return of(Set.of(prefix.value()), true);
    }

    /**
     * A user's own record (their profile), read and write: exactly their {@code USER#<digest>#} partition, nothing
     * else. The one writable scope outside a tenant; what it may write is the user's own partition, whose index keys
     * the guard still checks like any write's.
     *
     * @throws IllegalArgumentException when {@code user} is not a {@code USER#} prefix
     */
    public static GuardScope ownRecord(LeadingKeyPrefix user) {
        if (!user.value().startsWith(UserKey.PARTITION_PREFIX)) {
            throw new IllegalArgumentException("not a user's own partition: " + user.value());
        }
        return of(Set.of(user.value()), false);
    }

    /** Whether {@code value} starts with one of the scope's prefixes. */
    public boolean covers(String value) {
        for (String prefix : prefixes) {
            if (value.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code value} names a tenant this scope does not hold. */
    public boolean isForeignTenantKey(String value) {
        return value.startsWith(TENANT_MARKER) && !covers(value);
    }
}
