package dev.enclave.app.support;

import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.HashMap;
import java.util.Map;

/**
 * Another instance of the application on a test class's table, as instances behind a load balancer share one:
 * its own server, turns, caches and job runner, the same sandbox and local issuer.
 */
public final class SecondInstance implements AutoCloseable {

    private final EmbeddedServer server;

    private SecondInstance(EmbeddedServer server) {
        this.server = server;
    }

    /** Starts one with the test class's settings ({@code LocalStackTest#getProperties()}) on a free port. */
    public static SecondInstance start(Map<String, String> testSettings) {
        Map<String, Object> settings = new HashMap<>(testSettings);
        settings.put("micronaut.server.port", -1);
        return new SecondInstance(ApplicationContext.run(EmbeddedServer.class, settings, "local"));
    }

    public Api api() {
        return new Api(server.getURI());
    }

    @Override
    public void close() {
        server.getApplicationContext().close();
    }
}
