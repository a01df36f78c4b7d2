package dev.enclave.tenancy.scoped;

import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.guard.TenantGuardInterceptor;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * A {@link DynamoDbClient} view for one scope: every call goes through the one shared tenant-traffic client with the
 * scope's credentials and the scope attached for the guard. Holds three references, so creating one per request
 * costs nothing and per-tenant memory stays at the cached credentials. Only item-level operations exist; the rest
 * throw {@link UnsupportedOperationException} (the interface's defaults), so Scan cannot even be attempted.
 */
final class ScopedDynamoDbClient implements DynamoDbClient {

    private final DynamoDbClient shared;
    private final GuardScope scope;
    private final AwsCredentialsProvider credentials;

    ScopedDynamoDbClient(DynamoDbClient shared, GuardScope scope, AwsCredentialsProvider credentials) {
        this.shared = shared;
        this.scope = scope;
        this.credentials = credentials;
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return shared.getItem(request.toBuilder().overrideConfiguration(scoped(request.overrideConfiguration())).build());
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return shared.batchGetItem(
                request.toBuilder().overrideConfiguration(scoped(request.overrideConfiguration())).build());
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return shared.query(request.toBuilder().overrideConfiguration(scoped(request.overrideConfiguration())).build());
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return shared.putItem(request.toBuilder().overrideConfiguration(scoped(request.overrideConfiguration())).build());
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return shared.updateItem(
                request.toBuilder().overrideConfiguration(scoped(request.overrideConfiguration())).build());
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return shared.deleteItem(
                request.toBuilder().overrideConfiguration(scoped(request.overrideConfiguration())).build());
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return shared.batchWriteItem(
                request.toBuilder().overrideConfiguration(scoped(request.overrideConfiguration())).build());
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return shared.transactGetItems(
                request.toBuilder().overrideConfiguration(scoped(request.overrideConfiguration())).build());
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return shared.transactWriteItems(
                request.toBuilder().overrideConfiguration(scoped(request.overrideConfiguration())).build());
    }

    @Override
    public DynamoDbServiceClientConfiguration serviceClientConfiguration() {
        return shared.serviceClientConfiguration();
    }

    @Override
    public String serviceName() {
        return shared.serviceName();
    }

    /** The shared client outlives every view. */
    @Override
    public void close() {
    }

    private AwsRequestOverrideConfiguration scoped(java.util.Optional<AwsRequestOverrideConfiguration> existing) {
        return existing.map(AwsRequestOverrideConfiguration::toBuilder)
                .orElseGet(AwsRequestOverrideConfiguration::builder)
                .credentialsProvider(credentials)
                .putExecutionAttribute(TenantGuardInterceptor.SCOPE, scope)
                .build();
    }
}
