package dev.enclave.app.support;

import dev.enclave.app.local.LocalSandbox;
import dev.enclave.sandbox.LocalAwsSandbox;
import java.util.Map;
import java.util.Optional;

/**
 * One in-memory local AWS sandbox per test JVM; each test class uses its own table in it, so the tenant role's
 * permission policy names every table ({@code table/*}) instead of one.
 */
public final class SharedSandbox {

    private static final LocalAwsSandbox INSTANCE = start();

    private SharedSandbox() {
    }

    public static LocalAwsSandbox instance() {
        return INSTANCE;
    }

    /** The settings pointing an app at the sandbox. */
    public static Map<String, Object> properties() {
        return LocalSandbox.properties(INSTANCE);
    }

    private static LocalAwsSandbox start() {
        String anyTable = LocalSandbox.tenantRolePermissions("placeholder-table")
                .replace("table/placeholder-table", "table/*");
        LocalAwsSandbox sandbox = LocalSandbox.start(Optional.empty(), anyTable);
        Runtime.getRuntime().addShutdownHook(new Thread(sandbox::close, "shared-sandbox-stop"));
        return sandbox;
    }
}
