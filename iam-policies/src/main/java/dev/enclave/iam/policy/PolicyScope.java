package dev.enclave.iam.policy;

import dev.enclave.identity.LeadingKeyPrefix;
import java.util.Collections;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/** What one set of credentials may touch: leading-key prefixes (sorted, never empty) and the access level. */
public record PolicyScope(SortedSet<LeadingKeyPrefix> prefixes, Access access) {

    public PolicyScope {
        Objects.requireNonNull(access, "access");
        if (prefixes == null || prefixes.isEmpty()) {
            throw new IllegalArgumentException("a scope needs at least one leading-key prefix");
        }
        prefixes = Collections.unmodifiableSortedSet(new TreeSet<>(prefixes));
    }

    public static PolicyScope of(Set<LeadingKeyPrefix> prefixes, Access access) {
        return new PolicyScope(new TreeSet<>(prefixes), access);
    }
}
