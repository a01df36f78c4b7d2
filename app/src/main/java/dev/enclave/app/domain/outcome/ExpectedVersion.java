package dev.enclave.app.domain.outcome;

import java.util.Set;

/**
 * What a conditional write expects of the stored version: that the item exists in any version ({@code If-Match: *})
 * or in one of the listed versions (an empty list never matches).
 *
 * @param versions the accepted versions; empty with {@code any}
 * @param any      whether any existing version is accepted
 */
public record ExpectedVersion(Set<Long> versions, boolean any) {

    public ExpectedVersion {
        versions = Set.copyOf(versions);
    }

    public static ExpectedVersion anyExisting() {
        return new ExpectedVersion(Set.of(), true);
    }

    public static ExpectedVersion oneOf(Set<Long> versions) {
        return new ExpectedVersion(versions, false);
    }

    /** Whether an item stored at {@code version} meets the expectation. */
    public boolean accepts(long version) {
        return any || versions.contains(version);
    }
}
