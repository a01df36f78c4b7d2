package dev.enclave.app.local;

import dev.enclave.iam.policy.RolePolicies;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.sandbox.LocalAwsSandbox;
import dev.enclave.sandbox.SandboxSettings;
import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.table.TableDesign;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** The local AWS sandbox as the local run (and the app's tests) start it, and the settings pointing Enclave at it. */
public final class LocalSandbox {

    /** The tenant access role in the sandbox's pretend account. */
    public static final String TENANT_ROLE = "arn:aws:iam::" + LocalAwsSandbox.ACCOUNT + ":role/enclave-tenant";

    private LocalSandbox() {
    }

    /**
     * Starts the sandbox on free ports with the tenant role's permission policy given, and the index lag and
     * transaction conflicts of {@code -Denclave.local.index-lag} and {@code -Denclave.local.transaction-conflicts}
     * (both off when not set).
     */
    public static LocalAwsSandbox start(Optional<Path> dynamoDbDirectory, String tenantRolePermissions) {
        return start(dynamoDbDirectory, tenantRolePermissions, 0, 0, System::getProperty);
    }

    /**
     * Starts the sandbox on the given loopback ports (0: a free one), with the index lag and the transaction
     * conflicts {@code settings} gives for {@link SandboxSettings#INDEX_LAG_PROPERTY} and
     * {@link SandboxSettings#TRANSACTION_CONFLICTS_PROPERTY} (both off when it gives none).
     */
    public static LocalAwsSandbox start(Optional<Path> dynamoDbDirectory, String tenantRolePermissions,
                                        int dynamoDbPort, int stsPort, UnaryOperator<String> settings) {
        return LocalAwsSandbox.start(SandboxSettings.inMemory(Principal.localApplication(),
                        Map.of(TENANT_ROLE, tenantRolePermissions)).withDataDirectory(dynamoDbDirectory)
                .withClock(Clock.systemUTC()).withPorts(dynamoDbPort, stsPort).withSettings(settings));
    }

    /** The tenant role's permission policy for the local table {@code tableName}. */
    public static String tenantRolePermissions(String tableName) {
        return RolePolicies.tenantRolePermissions(tableArn(tableName), TableDesign.ENCLAVE).toJson();
    }

    public static TableArn tableArn(String tableName) {
        return new TableArn("arn:aws:dynamodb:" + LocalAwsSandbox.REGION + ":" + LocalAwsSandbox.ACCOUNT
                + ":table/" + tableName);
    }

    /**
     * Points Enclave at the sandbox: platform operations and tenant traffic both go through the enforcing gateway,
     * tenant credentials come from the local STS.
     */
    public static Map<String, Object> properties(LocalAwsSandbox sandbox) {
        return Map.of(
                "aws.services.dynamodb.endpoint-override", sandbox.dynamoDbEndpoint().toString(),
                "enclave.tenancy.sts-endpoint", sandbox.stsEndpoint().toString(),
                "enclave.tenancy.dynamodb-endpoint", sandbox.dynamoDbEndpoint().toString(),
                "enclave.tenancy.role-arn", TENANT_ROLE);
    }
}
