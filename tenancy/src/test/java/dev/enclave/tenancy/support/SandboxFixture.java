package dev.enclave.tenancy.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.iam.policy.RolePolicies;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.sandbox.LocalAwsSandbox;
import dev.enclave.sandbox.MutableClock;
import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.credentials.HandedOutCredentials;
import dev.enclave.tenancy.credentials.IssuedCredentials;
import dev.enclave.tenancy.credentials.SessionPolicies;
import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.credentials.VendingSettings;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.guard.KeyGuard;
import dev.enclave.tenancy.guard.TenantGuardInterceptor;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import dev.enclave.tenancy.table.TableBootstrap;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.sts.StsClient;

/** The sandbox with a table of the test's own, and the clients Enclave builds on top of it. */
public final class SandboxFixture implements AutoCloseable {

    public static final String TENANT_ROLE = "arn:aws:iam::000000000000:role/enclave-tenant";

    public final MutableClock clock = new MutableClock();
    public final String table;
    public final TableArn tableArn;
    public final LocalAwsSandbox sandbox;
    public final SdkHttpClient http = ApacheHttpClient.builder().maxConnections(64).build();
    public final DynamoDbClient platform;
    public final StsClient sts;
    public final AtomicInteger refusals = new AtomicInteger();

    public SandboxFixture(String table, RolePolicy rolePolicy) {
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

    public SandboxFixture(String table) {
        this(table, arn -> RolePolicies.tenantRolePermissions(arn, TableDesign.ENCLAVE).toJson());
    }

    /** The tenant role's permission policy for a table. */
    @FunctionalInterface
    public interface RolePolicy {
        String render(TableArn table);
    }

    /** Enclave's session policies for this table. */
    public SessionPolicies sessionPolicies() {
        return SessionPolicies.inline(tableArn, TableDesign.ENCLAVE);
    }

    /** The route by which credentials leave Enclave, on this table, assuming the tenant role. */
    public HandedOutCredentials handedOutCredentials() {
        return new HandedOutCredentials(sts, VendingSettings.defaults(TENANT_ROLE), tableArn, TableDesign.ENCLAVE);
    }

    public TenantCredentials credentials(SessionPolicies policies) {
        return new TenantCredentials(sts, VendingSettings.defaults(TENANT_ROLE), policies);
    }

    /** Tenant clients as the app wires them: one shared client, guard on or off. */
    public TenantDynamoDb tenantDynamoDb(TenantCredentials credentials, boolean guard) {
        var interceptor = guard ? new TenantGuardInterceptor(new KeyGuard(TableDesign.ENCLAVE),
                v -> refusals.incrementAndGet()) : null;
        return TenantDynamoDb.scoped(dynamoDb(sandbox.dynamoDbEndpoint(), null, interceptor), credentials);
    }

    /** A plain client on the gateway signing with credentials Enclave handed out. */
    public DynamoDbClient clientWith(IssuedCredentials issued) {
        return rawClient(StaticCredentialsProvider.create(AwsSessionCredentials.create(issued.accessKeyId(),
                issued.secretAccessKey(), issued.sessionToken())));
    }

    /** A plain client on the gateway with the given credentials (no guard). */
    public DynamoDbClient rawClient(AwsCredentialsProvider credentials) {
        return dynamoDb(sandbox.dynamoDbEndpoint(), credentials, null);
    }

    public static GuardScope tenant(String id) {
        return GuardScope.of(Set.of("TENANT#" + id + "#"), false);
    }

    /** The call is refused by IAM: the gateway answers {@code AccessDeniedException}. */
    public static void assertAccessDenied(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
                        .isEqualTo("AccessDeniedException"));
    }

    /** The primary key of an item. */
    public static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }

    /** An item holding its key only. */
    public static Map<String, AttributeValue> item(String pk, String sk) {
        return key(pk, sk);
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

    public StaticCredentialsProvider application() {
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
