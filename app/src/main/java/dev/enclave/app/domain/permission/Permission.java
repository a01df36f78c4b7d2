package dev.enclave.app.domain.permission;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a group allows, {@code <resource>:<action>}: two lowercase words of letters, digits and underscores, each
 * starting with a letter and at most 32 long. Enclave's own are {@link SystemPermissions}; an organisation's app
 * names its own ({@code invoices:approve}) and Enclave only stores and checks them.
 */
public record Permission(String value) implements Comparable<Permission> {

    /** The pattern every permission matches. */
    public static final String PATTERN = "[a-z][a-z0-9_]{0,31}:[a-z][a-z0-9_]{0,31}";
    /** {@link #PATTERN} in words, for messages. */
    public static final String RULE = "<resource>:<action>, each lowercase letters, digits and underscores, starting"
            + " with a letter, at most 32 long";
    private static final Pattern FORM = Pattern.compile(PATTERN);

    public Permission {
        Objects.requireNonNull(value, "value");
        if (!FORM.matcher(value).matches()) {
            throw new IllegalArgumentException("a permission is " + RULE);
        }
    }

    /** The permission {@code value} spells, if it is one. */
    public static Optional<Permission> parse(String value) {
        return value != null && FORM.matcher(value).matches() ? Optional.of(new Permission(value)) : Optional.empty();
    }

    @Override
    public int compareTo(Permission other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
