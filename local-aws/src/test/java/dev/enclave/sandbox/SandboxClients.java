package dev.enclave.sandbox;

import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.sandbox.sts.RoleDefinition;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sts.StsClient;
import software.amazon.awssdk.services.sts.auth.StsAssumeRoleCredentialsProvider;
import software.amazon.awssdk.services.sts.model.AssumeRoleRequest;

/**
 * A sandbox with one table of the test class's own, and real SDK clients on it: the platform client (application
 * principal), an {@code StsClient}, and tenant clients on {@link StsAssumeRoleCredentialsProvider} credentials.
 * DynamoDB clients do not retry, so every DynamoDB call is one request the counters see; the STS client retries
 * as the SDK's standard mode does.
 */
final class SandboxClients implements AutoCloseable {

    final MutableClock clock = new MutableClock();
    final String table;
    final LocalAwsSandbox sandbox;
    final SdkHttpClient http = ApacheHttpClient.builder().maxConnections(32).build();
    final DynamoDbClient platform;
    final StsClient sts;
    private final List<AutoCloseable> opened = new java.util.concurrent.CopyOnWriteArrayList<>();

    SandboxClients(String table, List<RoleDefinition> roles) {
        this(table, roles, UnaryOperator.identity());
    }

    /** With settings changed by {@code settings} (the clock is this fixture's, set before). */
    SandboxClients(String table, List<RoleDefinition> roles, UnaryOperator<SandboxSettings> settings) {
        this.table = table;
        this.sandbox = LocalAwsSandbox.start(settings.apply(SandboxSettings.inMemory(Principal.localApplication(),
                roles).withClock(clock)));
        this.platform = build(sandbox.applicationCredentials(), Region.US_EAST_1);
        this.sts = StsClient.builder().endpointOverride(sandbox.stsEndpoint()).region(Region.US_EAST_1)
                .credentialsProvider(sandbox.applicationCredentials()).httpClient(http)
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD)).build();
        EnclaveShapedTable.create(platform, table);
    }

    /** A role trusting the application principal. */
    static RoleDefinition role(String name, String permissionPolicy) {
        return RoleDefinition.trusting(Principal.localApplication(), HandWrittenPolicies.roleArn(name),
                permissionPolicy);
    }

    /** Credentials from AssumeRole on {@code roleArn}, refreshed by the SDK's provider. */
    AwsCredentialsProvider assumed(Consumer<AssumeRoleRequest.Builder> request) {
        StsAssumeRoleCredentialsProvider provider = StsAssumeRoleCredentialsProvider.builder().stsClient(sts)
                .refreshRequest(request).build();
        opened.add(provider);
        return provider;
    }

    /** A DynamoDB client on the gateway with these credentials, without retries. */
    DynamoDbClient dynamoDb(AwsCredentialsProvider credentials) {
        return dynamoDb(credentials, Region.US_EAST_1);
    }

    DynamoDbClient dynamoDb(AwsCredentialsProvider credentials, Region region) {
        DynamoDbClient client = build(credentials, region);
        opened.add(client);
        return client;
    }

    private DynamoDbClient build(AwsCredentialsProvider credentials, Region region) {
        return DynamoDbClient.builder().endpointOverride(sandbox.dynamoDbEndpoint()).region(region)
                .credentialsProvider(credentials).httpClient(http)
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build();
    }

    boolean platformHas(String pk, String sk) {
        return platform.getItem(b -> b.tableName(table).key(key(pk, sk)).consistentRead(true)).hasItem();
    }

    static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }

    @Override
    public void close() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
        platform.close();
        sts.close();
        sandbox.close();
        http.close();
    }
}
