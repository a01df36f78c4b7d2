package dev.enclave.app.platform;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.context.exceptions.ConfigurationException;
import java.util.List;
import java.util.Map;

/**
 * Outside the {@code local} environment nothing is defaulted: the app refuses to start, naming every missing
 * setting, instead of failing on the first request.
 */
@Context
@Requires(notEnv = "local")
final class RequiredSettings {

    /** Each required property with the environment variable that sets it. */
    static final Map<String, String> REQUIRED = Map.of(
            "aws.region", "AWS_REGION",
            "enclave.table.name", "ENCLAVE_TABLE_NAME",
            "enclave.auth.jwks-url", "ENCLAVE_AUTH_JWKS_URL",
            "enclave.auth.issuer", "ENCLAVE_AUTH_ISSUER",
            "enclave.auth.audience", "ENCLAVE_AUTH_AUDIENCE",
            "enclave.tenancy.role-arn", "ENCLAVE_TENANCY_ROLE_ARN",
            "enclave.tenancy.table-arn", "ENCLAVE_TENANCY_TABLE_ARN",
            "enclave.idempotency.sealing-keys", "ENCLAVE_IDEMPOTENCY_SEALING_KEYS");

    RequiredSettings(Environment environment) {
        List<String> missing = REQUIRED.entrySet().stream()
                .filter(e -> environment.getProperty(e.getKey(), String.class).filter(v -> !v.isBlank()).isEmpty())
                .map(e -> e.getKey() + " (" + e.getValue() + ")")
                .sorted()
                .toList();
        if (!missing.isEmpty()) {
            throw new ConfigurationException("Enclave cannot start: missing required settings " + missing
                    + ". Set them, or run the local stack (enclave-local.jar) which defaults everything.");
        }
    }
}
