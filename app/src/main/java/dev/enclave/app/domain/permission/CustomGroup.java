package dev.enclave.app.domain.permission;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A group an organisation defined, with the permissions it gives whoever holds its name.
 *
 * @param version counts its changes, for {@code If-Match}
 */
public record CustomGroup(GroupName id, String description, Set<Permission> permissions, Instant createdAt,
                          Instant updatedAt, long version) {

    /** The most permissions one group carries. */
    public static final int MAX_PERMISSIONS = 50;
    /** The longest description, in characters. */
    public static final int MAX_DESCRIPTION = 500;

    public CustomGroup {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        if (SystemPermissions.isBuiltIn(id)) {
            throw new IllegalArgumentException("a custom group cannot be named as a built-in one");
        }
        permissions = Set.copyOf(new TreeSet<>(permissions));
        if (permissions.size() > MAX_PERMISSIONS
                || description.codePointCount(0, description.length()) > MAX_DESCRIPTION) {
            throw new IllegalArgumentException("a custom group is bounded");
        }
    }

    /** Which life of its name this group is, as its entity tag names it: when it was created. */
    public String life() {
        return ExpectedVersion.lifeBegan(createdAt);
    }

    /** This group with {@code description} and {@code permissions}, one version on, changed at {@code now}. */
    public CustomGroup changed(String newDescription, Set<Permission> newPermissions, Instant now) {
        return new CustomGroup(id, newDescription, newPermissions, createdAt, now, version + 1);
    }
}
