package dev.enclave.tenancy.scoped;

import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.guard.GuardScope;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Hands out DynamoDB clients confined to a scope. Enclave's one implementation is {@link #scoped}: every client
 * shares one underlying client (one HTTP connection pool, one set of threads, the guard in its pipeline) and a
 * scope adds only its cached STS credentials.
 */
public interface TenantDynamoDb extends AutoCloseable {

    /**
     * A client confined to {@code scope}.
     *
     * @throws dev.enclave.tenancy.credentials.CredentialsUnavailableException when no credentials can be had
     */
    DynamoDbClient forScope(GuardScope scope);

    /** A client confined to everything {@code tenant} owns. */
    default DynamoDbClient forTenant(TenantId tenant) {
        return forScope(GuardScope.tenant(tenant));
    }

    /** Closes the shared client. */
    @Override
    void close();

    /**
     * Clients on the scope's STS credentials.
     *
     * @param sharedTenantClient the client all tenant traffic uses; built with the {@code TenantGuardInterceptor}
     *                           and with no usable credentials of its own; closed with the result
     * @param credentials        the token vending machine
     */
    static TenantDynamoDb scoped(DynamoDbClient sharedTenantClient, TenantCredentials credentials) {
        return new StsScopedDynamoDb(sharedTenantClient, credentials);
    }
}
