package dev.enclave.app.domain.apikey;

import dev.enclave.iam.policy.Access;
import java.util.Arrays;
import java.util.Optional;

/**
 * What an API key may take for the organisation's data namespace: no credentials at all (a key for the event feed or
 * the audit log only, which can then never touch the organisation's data), or read, or read-write credentials.
 */
public enum ApiKeyAccess {
    NONE("none", Optional.empty()),
    READ("read", Optional.of(Access.READ)),
    READ_WRITE("readwrite", Optional.of(Access.READ_WRITE));

    /** The pattern of every wire name. */
    public static final String PATTERN = "none|read|readwrite";

    private final String wire;
    private final Optional<Access> credentials;

    ApiKeyAccess(String wire, Optional<Access> credentials) {
        this.wire = wire;
        this.credentials = credentials;
    }

    public String wire() {
        return wire;
    }

    /** The credentials the key takes, if any. */
    public Optional<Access> credentials() {
        return credentials;
    }

    public static Optional<ApiKeyAccess> parse(String wire) {
        return Arrays.stream(values()).filter(access -> access.wire.equals(wire)).findFirst();
    }
}
