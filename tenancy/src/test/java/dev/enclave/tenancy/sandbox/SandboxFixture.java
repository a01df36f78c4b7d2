package dev.enclave.tenancy.sandbox;

import dev.enclave.iam.policy.RolePolicies;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.credentials.HandedOutCredentials;
import dev.enclave.tenancy.credentials.IssuedCredentials;
import dev.enclave.tenancy.credentials.SessionPolicies;
import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.credentials.VendingSettings;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.guard.KeyGuard;
import dev.enclave.tenancy.guard.TenantGuardInterceptor;
import dev.enclave.tenancy.sandbox.sigv4.Principal;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import dev.enclave.tenancy.table.TableBootstrap;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sts.StsClient;

/** The sandbox with a table of the test's own, and the clients Enclave builds on top of it. */
final class SandboxFixture implements AutoCloseable {

    static final String TENANT_ROLE = "arn:aws:iam::000000000000:role/enclave-tenant";

    final MutableClock clock = new MutableClock();
    final String table;
    final TableArn tableArn;
    final LocalAwsSandbox sandbox;
    final SdkHttpClient http = ApacheHttpClient.builder().maxConnections(64).build();
    final DynamoDbClient platform;
    final StsClient sts;
    final AtomicInteger refusals = new AtomicInteger();

    SandboxFixture(String table, RolePolicy rolePolicy) {
        this.table = table;
        this.tableArn = new TableArn("arn:aws:dynamodb:us-east-1:000000000000:table/" + table);
        this.sandbox = LocalAwsSandbox.start(Optional.empty(), Principal.localApplication(),
                Map.of(TENANT_ROLE, rolePolicy.render(tableArn)), clock);
        this.platform = dynamoDb(sandbox.dynamoDbEndpoint(), application(), null);
        this.sts = StsClient.builder().endpointOverride(sandbox.stsEndpoint()).region(Region.US_EAST_1)
                .credentialsProvider(application()).httpClient(http)
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD)).build();
        new TableBootstrap(platform, TableDesign.ENCLAVE).ensureTable(table);
    }

    SandboxFixture(String table) {
        this(table, arn -> RolePolicies.tenantRolePermissions(arn, TableDesign.ENCLAVE).toJson());
    }

    /** The tenant role's permission policy for a table. */
    @FunctionalInterface
    interface RolePolicy {
        String render(TableArn table);
    }

    /** Enclave's session policies for this table. */
    SessionPolicies sessionPolicies() {
        return SessionPolicies.inline(tableArn, TableDesign.ENCLAVE);
    }

    /** The route by which credentials leave Enclave, on this table, assuming the tenant role. */
    HandedOutCredentials handedOutCredentials() {
        return new HandedOutCredentials(sts, VendingSettings.defaults(TENANT_ROLE), tableArn, TableDesign.ENCLAVE);
    }

    TenantCredentials credentials(SessionPolicies policies) {
        return new TenantCredentials(sts, VendingSettings.defaults(TENANT_ROLE), policies);
    }

    /** Tenant clients as the app wires them: one shared client, guard on or off. */
    TenantDynamoDb tenantDynamoDb(TenantCredentials credentials, boolean guard) {
        var interceptor = guard ? new TenantGuardInterceptor(new KeyGuard(TableDesign.ENCLAVE),
                v -> refusals.incrementAndGet()) : null;
        return TenantDynamoDb.scoped(dynamoDb(sandbox.dynamoDbEndpoint(), null, interceptor), credentials);
    }

    /** A plain client on the gateway signing with credentials Enclave handed out. */
    DynamoDbClient clientWith(IssuedCredentials issued) {
        return rawClient(StaticCredentialsProvider.create(AwsSessionCredentials.create(issued.accessKeyId(),
                issued.secretAccessKey(), issued.sessionToken())));
    }

    /** A plain client on the gateway with the given credentials (no guard). */
    DynamoDbClient rawClient(AwsCredentialsProvider credentials) {
        return dynamoDb(sandbox.dynamoDbEndpoint(), credentials, null);
    }

    static GuardScope tenant(String id) {
        return GuardScope.of(Set.of("TENANT#" + id + "#"), false);
    }

    private DynamoDbClient dynamoDb(URI endpoint, AwsCredentialsProvider credentials,
                                    TenantGuardInterceptor interceptor) {
        var builder = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1).httpClient(http)
                .overrideConfiguration(ClientOverrideConfiguration.builder().retryStrategy(RetryMode.STANDARD)
                        .executionInterceptors(interceptor == null ? java.util.List.of()
                                : java.util.List.of(interceptor)).build());
        return builder.credentialsProvider(credentials == null
                ? StaticCredentialsProvider.create(AwsBasicCredentials.create("none", "none")) : credentials).build();
    }

    StaticCredentialsProvider application() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(
                sandbox.application().accessKeyId(), sandbox.application().secretAccessKey()));
    }

    @Override
    public void close() {
        platform.close();
        sts.close();
        sandbox.close();
        http.close();
    }
}
