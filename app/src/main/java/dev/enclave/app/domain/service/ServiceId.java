package dev.enclave.app.domain.service;

import dev.enclave.app.domain.permission.GroupName;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/** A service's id within its organisation: the same rule as a group name ({@link GroupName#PATTERN}). */
public record ServiceId(String value) {

    private static final Pattern ID = Pattern.compile(GroupName.PATTERN);

    public ServiceId {
        Objects.requireNonNull(value, "value");
        if (!ID.matcher(value).matches()) {
            throw new IllegalArgumentException("a service id is " + GroupName.RULE);
        }
    }

    /** The service id {@code value} spells, if it is one. */
    public static Optional<ServiceId> parse(String value) {
        return value != null && ID.matcher(value).matches() ? Optional.of(new ServiceId(value)) : Optional.empty();
    }
}
