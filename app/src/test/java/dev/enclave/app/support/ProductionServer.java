package dev.enclave.app.support;

import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.local.LocalSandbox;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;

/** A server in the production shape (no {@code local} environment) on the shared sandbox, every setting given. */
public final class ProductionServer {

    private ProductionServer() {
    }

    /** Starts one on {@code tableName}, trusting the JWKS at {@code jwksUrl}, with {@code overrides} on top. */
    public static EmbeddedServer start(String tableName, String jwksUrl, String issuer,
                                       Map<String, Object> overrides) {
        Map<String, Object> settings = new HashMap<>(SharedSandbox.properties());
        settings.putAll(Map.of(
                "micronaut.server.port", -1,
                "aws.region", "us-east-1",
                "aws.accessKeyId", "local",
                "aws.secretKey", "local",
                "enclave.table.name", tableName,
                "enclave.tenancy.table-arn", LocalSandbox.tableArn(tableName).value(),
                "enclave.auth.jwks-url", jwksUrl,
                "enclave.auth.issuer", issuer,
                "enclave.auth.audience", "enclave",
                "enclave.idempotency.sealing-keys", ResponseSeal.newKey(new SecureRandom())));
        settings.put("enclave.cursor-key", ResponseSeal.newKey(new SecureRandom()));
        settings.put("enclave.shutdown.readiness-delay", "0s");
        settings.putAll(overrides);
        return ApplicationContext.run(EmbeddedServer.class, settings, "prodlike");
    }
}
