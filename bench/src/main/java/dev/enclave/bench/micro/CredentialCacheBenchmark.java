package dev.enclave.bench.micro;

import dev.enclave.app.local.LocalSandbox;
import dev.enclave.identity.TenantId;
import dev.enclave.sandbox.SandboxSettings;
import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.sandbox.sts.LocalSts;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.credentials.SessionPolicies;
import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.credentials.VendingSettings;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sts.StsClient;

/**
 * What a request pays for its tenant's credentials once they are cached: the cache lookup (with the provider's
 * staleness check) and the scoped client view, over 10,000 warm tenants (vended by a local STS at set-up).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CredentialCacheBenchmark {

    private static final int TENANTS = 10_000;

    private LocalSts localSts;
    private StsClient sts;
    private TenantCredentials credentials;
    private TenantDynamoDb tenants;
    private TenantId[] tenantIds;
    private GuardScope[] scopes;

    @State(Scope.Thread)
    public static class Cursor {
        int next;
    }

    @Setup
    public void setUp() {
        localSts = new LocalSts(SandboxSettings.inMemory(Principal.localApplication(),
                Map.of(LocalSandbox.TENANT_ROLE, LocalSandbox.tenantRolePermissions("enclave"))));
        sts = StsClient.builder().endpointOverride(localSts.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(Principal.localApplication().credentialsProvider())
                .httpClient(ApacheHttpClient.create()).build();
        credentials = new TenantCredentials(sts, VendingSettings.defaults(LocalSandbox.TENANT_ROLE),
                SessionPolicies.inline(LocalSandbox.tableArn("enclave"), TableDesign.ENCLAVE));
        tenants = TenantDynamoDb.scoped(DynamoDbClient.builder().region(Region.US_EAST_1)
                .httpClient(ApacheHttpClient.create()).build(), credentials);
        tenantIds = new TenantId[TENANTS];
        scopes = new GuardScope[TENANTS];
        for (int i = 0; i < TENANTS; i++) {
            tenantIds[i] = TenantId.of("tenant" + i);
            scopes[i] = GuardScope.tenant(tenantIds[i]);
            credentials.forScope(scopes[i]);
        }
    }

    @TearDown
    public void tearDown() {
        tenants.close();
        credentials.close();
        sts.close();
        localSts.close();
    }

    @Benchmark
    public AwsCredentialsProvider cachedCredentials(Cursor cursor) {
        return credentials.forScope(scopes[Math.floorMod(cursor.next++, TENANTS)]);
    }

    @Benchmark
    public DynamoDbClient scopedClient(Cursor cursor) {
        return tenants.forTenant(tenantIds[Math.floorMod(cursor.next++, TENANTS)]);
    }
}
