package dev.enclave.app.infra.vending;

import dev.enclave.iam.policy.TableArn;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.credentials.SessionPolicies;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.exceptions.ConfigurationException;
import jakarta.inject.Singleton;

/** The session policies of the configured mode: an inline policy per scope, or none (ABAC, by session tag). */
@Factory
@Requires(property = "enclave.tenancy.role-arn")
final class SessionPolicyFactory {

    @Singleton
    SessionPolicies sessionPolicies(TenancySettings settings) {
        TableArn table = new TableArn(settings.getTableArn());
        return switch (settings.getMode()) {
            case "session-policy" -> SessionPolicies.inline(table, TableDesign.ENCLAVE);
            case "abac" -> SessionPolicies.abac(table, TableDesign.ENCLAVE);
            default -> throw new ConfigurationException("enclave.tenancy.mode must be session-policy or abac, not '"
                    + settings.getMode() + "'");
        };
    }
}
