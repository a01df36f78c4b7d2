package dev.enclave.app.domain.apikey;

import dev.enclave.app.domain.permission.Permission;
import java.util.Arrays;
import java.util.Optional;

/** What an API key may do besides obtaining credentials for the data namespace, each granted when it is created. */
public enum ApiKeyPermission {
    /** Read the organisation's event feed. */
    EVENTS_READ("events:read"),
    /** Read and export the organisation's audit log. */
    AUDIT_LOG_READ("audit_log:read"),
    /** Record the app's own actions in the audit log. */
    AUDIT_LOG_WRITE("audit_log:write");

    /** The pattern of every wire name. */
    public static final String PATTERN = "events:read|audit_log:read|audit_log:write";

    private final String wire;

    ApiKeyPermission(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The system permission a member must hold to give it to a key, and the key's creator to keep it working. */
    public Permission asPermission() {
        return new Permission(wire);
    }

    public static Optional<ApiKeyPermission> parse(String wire) {
        return Arrays.stream(values()).filter(permission -> permission.wire.equals(wire)).findFirst();
    }
}
