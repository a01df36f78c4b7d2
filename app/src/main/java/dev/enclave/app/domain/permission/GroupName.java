package dev.enclave.app.domain.permission;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A group's name, in a membership or a service: 1-40 lowercase letters, digits and hyphens, starting with a letter
 * or digit. {@link #PATTERN} is the one pattern for group names and service ids.
 */
public record GroupName(String value) implements Comparable<GroupName> {

    /** The pattern every group name (and service id) matches. */
    public static final String PATTERN = "[a-z0-9][a-z0-9-]{0,39}";
    /** {@link #PATTERN} in words, for messages. */
    public static final String RULE = "1-40 lowercase letters, digits and hyphens";
    // Before the groups below: building them checks against it.
    private static final Pattern NAME = Pattern.compile(PATTERN);

    /** The group that owns an organisation. */
    public static final GroupName OWNER = new GroupName("owner");
    /** The group that administers it. */
    public static final GroupName ADMIN = new GroupName("admin");
    /** Every member's group. */
    public static final GroupName MEMBER = new GroupName("member");

    public GroupName {
        Objects.requireNonNull(value, "value");
        if (!NAME.matcher(value).matches()) {
            throw new IllegalArgumentException("a group name is " + RULE);
        }
    }

    /** The group name {@code value} spells, if it is one. */
    public static Optional<GroupName> parse(String value) {
        return value != null && NAME.matcher(value).matches() ? Optional.of(new GroupName(value)) : Optional.empty();
    }

    /** Whether this is the group every member keeps. */
    public boolean isMember() {
        return equals(MEMBER);
    }

    /** Whether this is the group that owns the organisation. */
    public boolean isOwner() {
        return equals(OWNER);
    }

    /** By name, as the API lists groups. */
    @Override
    public int compareTo(GroupName other) {
        return value.compareTo(other.value);
    }
}
