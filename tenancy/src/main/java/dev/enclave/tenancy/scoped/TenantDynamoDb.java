package dev.enclave.tenancy.scoped;

import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.guard.GuardScope;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Hands out tenant-scoped DynamoDB clients. All of them share one underlying client (one HTTP connection pool,
 * one set of threads, the guard in its pipeline); a scope adds only its cached credentials.
 */
public final class TenantDynamoDb implements AutoCloseable {

    private final DynamoDbClient sharedTenantClient;
    private final TenantCredentials credentials;

    /**
     * @param sharedTenantClient the client all tenant traffic uses; built with the {@code TenantGuardInterceptor}
     *                           and with no usable credentials of its own; closed with this
     * @param credentials        the token vending machine
     */
    public TenantDynamoDb(DynamoDbClient sharedTenantClient, TenantCredentials credentials) {
        this.sharedTenantClient = Objects.requireNonNull(sharedTenantClient, "sharedTenantClient");
        this.credentials = Objects.requireNonNull(credentials, "credentials");
    }

    /**
     * A client confined to {@code scope}.
     *
     * @throws dev.enclave.tenancy.credentials.CredentialsUnavailableException when no credentials can be had
     */
    public DynamoDbClient forScope(GuardScope scope) {
        return new ScopedDynamoDbClient(sharedTenantClient, scope, credentials.forScope(scope));
    }

    /** A client confined to everything {@code tenant} owns. */
    public DynamoDbClient forTenant(TenantId tenant) {
        return forScope(GuardScope.tenant(tenant));
    }

    @Override
    public void close() {
        sharedTenantClient.close();
    }
}
