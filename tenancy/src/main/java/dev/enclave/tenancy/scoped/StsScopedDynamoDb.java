package dev.enclave.tenancy.scoped;

import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.guard.GuardScope;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@link TenantDynamoDb#scoped}: three-field views over the shared client with the scope's cached credentials. */
final class StsScopedDynamoDb implements TenantDynamoDb {

    private final DynamoDbClient sharedTenantClient;
    private final TenantCredentials credentials;

    StsScopedDynamoDb(DynamoDbClient sharedTenantClient, TenantCredentials credentials) {
        this.sharedTenantClient = Objects.requireNonNull(sharedTenantClient, "sharedTenantClient");
        this.credentials = Objects.requireNonNull(credentials, "credentials");
    }

    @Override
    public DynamoDbClient forScope(GuardScope scope) {
        return new ScopedDynamoDbClient(sharedTenantClient, scope, credentials.forScope(scope));
    }

    @Override
    public void close() {
        sharedTenantClient.close();
    }
}
