package dev.enclave.tenancy.credentials;

import static dev.enclave.tenancy.support.SandboxFixture.assertAccessDenied;
import static dev.enclave.tenancy.support.SandboxFixture.item;
import static dev.enclave.tenancy.support.SandboxFixture.key;
import static dev.enclave.tenancy.support.SandboxFixture.tenant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.iam.policy.AbacTenantPolicy;
import dev.enclave.iam.policy.Access;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.guard.IsolationViolationException;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import dev.enclave.tenancy.support.SandboxFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.sts.model.StsException;

class TokenVendingIT {

    @Test
    void requests_acrossTenants_causeOneAssumeRolePerTenant() {
        try (SandboxFixture fixture = new SandboxFixture("vending-count");
             TenantCredentials credentials = fixture.credentials(fixture.sessionPolicies());
             TenantDynamoDb tenants = fixture.tenantDynamoDb(credentials, true)) {
            List<String> ids = List.of("acme", "beta", "gamma", "delta");

            for (int request = 0; request < 25; request++) {
                for (String id : ids) {
                    tenants.forScope(tenant(id)).getItem(b -> b.tableName(fixture.table)
                            .key(key("TENANT#" + id + "#ORG", "ORG")));
                }
            }

            assertThat(fixture.sandbox.sts().assumeRoleCount()).isEqualTo(ids.size());
            assertThat(credentials.cachedScopes()).isEqualTo(ids.size());
        }
    }

    @Test
    void concurrentFirstRequests_forOneTenant_shareOneAssumeRole() throws Exception {
        try (SandboxFixture fixture = new SandboxFixture("vending-flight");
             TenantCredentials credentials = fixture.credentials(fixture.sessionPolicies())) {
            ExecutorService pool = Executors.newFixedThreadPool(16);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> calls = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                calls.add(pool.submit(() -> {
                    start.await();
                    return credentials.forScope(tenant("acme")).resolveCredentials();
                }));
            }
            start.countDown();
            for (Future<?> call : calls) {
                call.get();
            }
            pool.shutdown();

            assertThat(fixture.sandbox.sts().assumeRoleCount()).isEqualTo(1);
        }
    }

    @Test
    void expiredCredentials_areRejectedLikeAws() {
        try (SandboxFixture fixture = new SandboxFixture("vending-expiry");
             TenantCredentials credentials = fixture.credentials(fixture.sessionPolicies())) {
            var issued = (AwsSessionCredentials) credentials.forScope(tenant("acme")).resolveCredentials();
            DynamoDbClient client = fixture.rawClient(StaticCredentialsProvider.create(issued));

            fixture.clock.advance(Duration.ofHours(2));

            assertThatThrownBy(() -> client.getItem(b -> b.tableName(fixture.table).key(key("TENANT#acme#ORG", "ORG"))))
                    .isInstanceOf(DynamoDbException.class)
                    .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
                            .isEqualTo("ExpiredTokenException"));
            client.close();
        }
    }

    @Test
    void tamperedSecret_failsTheSignatureCheck() {
        try (SandboxFixture fixture = new SandboxFixture("vending-signature");
             TenantCredentials credentials = fixture.credentials(fixture.sessionPolicies())) {
            var issued = (AwsSessionCredentials) credentials.forScope(tenant("acme")).resolveCredentials();
            var forged = AwsSessionCredentials.create(issued.accessKeyId(), issued.secretAccessKey() + "x",
                    issued.sessionToken());
            DynamoDbClient client = fixture.rawClient(StaticCredentialsProvider.create(forged));

            assertThatThrownBy(() -> client.getItem(b -> b.tableName(fixture.table).key(key("TENANT#acme#ORG", "ORG"))))
                    .isInstanceOf(DynamoDbException.class)
                    .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
                            .isEqualTo("InvalidSignatureException"));
            client.close();
        }
    }

    @Test
    void unknownAccessKey_isUnrecognized() {
        try (SandboxFixture fixture = new SandboxFixture("vending-unknown")) {
            DynamoDbClient client = fixture.rawClient(StaticCredentialsProvider.create(
                    AwsBasicCredentials.create("ASIAUNKNOWN", "secret")));

            assertThatThrownBy(() -> client.getItem(b -> b.tableName(fixture.table).key(key("TENANT#acme#ORG", "ORG"))))
                    .isInstanceOf(DynamoDbException.class)
                    .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
                            .isEqualTo("UnrecognizedClientException"));
            client.close();
        }
    }

    @Test
    void stsThrottling_isRetriedWithBackoff() {
        try (SandboxFixture fixture = new SandboxFixture("vending-throttle");
             TenantCredentials credentials = fixture.credentials(fixture.sessionPolicies())) {
            fixture.sandbox.sts().throttleNext(2);

            credentials.forScope(tenant("acme")).resolveCredentials();

            assertThat(fixture.sandbox.sts().assumeRoleCount()).isEqualTo(1);
        }
    }

    @Test
    void stsThrottlingBeyondRetries_isCredentialsUnavailable() {
        try (SandboxFixture fixture = new SandboxFixture("vending-unavailable");
             TenantCredentials credentials = fixture.credentials(fixture.sessionPolicies())) {
            fixture.sandbox.sts().throttleNext(100);

            assertThatThrownBy(() -> credentials.forScope(tenant("acme")))
                    .isInstanceOf(CredentialsUnavailableException.class);
        }
    }

    @Test
    void sessionPolicyOverTheLimit_isRefusedBySts() {
        try (SandboxFixture fixture = new SandboxFixture("vending-large")) {
            String huge = "{\"Version\":\"2012-10-17\",\"Statement\":{\"Effect\":\"Allow\",\"Action\":\"dynamodb:GetItem\","
                    + "\"Resource\":\"" + "x".repeat(2100) + "\"}}";

            assertThatThrownBy(() -> fixture.sts.assumeRole(b -> b.roleArn(SandboxFixture.TENANT_ROLE)
                    .roleSessionName("too-large").policy(huge)))
                    .isInstanceOf(StsException.class)
                    .satisfies(e -> assertThat(((StsException) e).awsErrorDetails().errorCode())
                            .isEqualTo("PackedPolicyTooLarge"));
        }
    }

    @Test
    void widenedSessionPolicy_isRefusedByTheGuard_andByTheTenantRolesOwnCeiling() {
        try (SandboxFixture fixture = new SandboxFixture("vending-widened")) {
            String widened = "{\"Version\":\"2012-10-17\",\"Statement\":{\"Effect\":\"Allow\",\"Action\":"
                    + "\"dynamodb:GetItem\",\"Resource\":\"" + fixture.tableArn.value() + "\",\"Condition\":{"
                    + "\"ForAllValues:StringLike\":{\"dynamodb:LeadingKeys\":\"TENANT#*\"}}}}";
            try (TenantCredentials credentials = fixture.credentials(scope -> widened);
                 TenantDynamoDb guarded = fixture.tenantDynamoDb(credentials, true);
                 TenantDynamoDb unguarded = fixture.tenantDynamoDb(credentials, false)) {
                fixture.platform.putItem(b -> b.tableName(fixture.table).item(item("TENANT#beta#ORG", "ORG")));
                fixture.platform.putItem(b -> b.tableName(fixture.table).item(item("TENANT#acme#ORG", "ORG")));

                assertAccessDenied(() -> unguarded.forScope(tenant("acme")).getItem(b -> b.tableName(fixture.table)
                        .key(key("TENANT#beta#ORG", "ORG"))));
                assertThat(unguarded.forScope(tenant("acme")).getItem(b -> b.tableName(fixture.table)
                        .key(key("TENANT#acme#ORG", "ORG"))).hasItem()).as("the session's own tenant, within both")
                        .isTrue();
                assertThatThrownBy(() -> guarded.forScope(tenant("acme")).getItem(b -> b.tableName(fixture.table)
                        .key(key("TENANT#beta#ORG", "ORG")))).isInstanceOf(IsolationViolationException.class);
            }
        }
    }

    @Test
    void ownRecordScope_writesTheUsersOwnPartition_andNothingElse_evenWithoutTheGuard() {
        try (SandboxFixture fixture = new SandboxFixture("vending-own-record");
             TenantCredentials credentials = fixture.credentials(fixture.sessionPolicies());
             TenantDynamoDb iamOnly = fixture.tenantDynamoDb(credentials, false)) {
            DynamoDbClient myRecord = iamOnly.forScope(GuardScope.ownRecord(new LeadingKeyPrefix("USER#mine#")));

            myRecord.putItem(b -> b.tableName(fixture.table).item(item("USER#mine#", "PROFILE")));
            assertThat(myRecord.getItem(b -> b.tableName(fixture.table).key(key("USER#mine#", "PROFILE"))).hasItem())
                    .isTrue();
            assertAccessDenied(() -> myRecord.putItem(b -> b.tableName(fixture.table)
                    .item(item("USER#mine2#", "PROFILE"))));
            assertAccessDenied(() -> myRecord.putItem(b -> b.tableName(fixture.table)
                    .item(item("TENANT#acme#", "PROFILE"))));
            assertAccessDenied(() -> myRecord.getItem(b -> b.tableName(fixture.table)
                    .key(key("EMAIL#mine#", "PROFILE"))));
        }
    }

    @Test
    void abacRolePolicy_confinesBySessionTag() {
        try (SandboxFixture fixture = new SandboxFixture("vending-abac",
                arn -> AbacTenantPolicy.policy(arn, TableDesign.ENCLAVE, Access.READ_WRITE).toJson());
             TenantCredentials credentials = fixture.credentials(scope -> null);
             TenantDynamoDb iamOnly = fixture.tenantDynamoDb(credentials, false)) {
            DynamoDbClient acme = iamOnly.forScope(tenant("acme"));

            acme.putItem(b -> b.tableName(fixture.table).item(item("TENANT#acme#ORG", "ORG")));
            assertAccessDenied(() -> acme.getItem(b -> b.tableName(fixture.table).key(key("TENANT#beta#ORG", "ORG"))));
            assertThat(fixture.sandbox.sessions().size()).isEqualTo(1);
        }
    }

    @Test
    void abacRolePolicy_untaggedSessions_reachOnlyTheEntriesTheirInlinePolicyNames() {
        try (SandboxFixture fixture = new SandboxFixture("vending-abac-untagged",
                arn -> AbacTenantPolicy.policy(arn, TableDesign.ENCLAVE, Access.READ_WRITE).toJson());
             TenantCredentials credentials = fixture.credentials(
                     SessionPolicies.abac(fixture.tableArn, TableDesign.ENCLAVE));
             TenantDynamoDb iamOnly = fixture.tenantDynamoDb(credentials, false)) {
            fixture.platform.putItem(b -> b.tableName(fixture.table).item(item("TENANT#acme#ORG", "ORG")));
            fixture.platform.putItem(b -> b.tableName(fixture.table).item(item("USER#other#", "MEMBER#acme")));
            DynamoDbClient mine = iamOnly.forScope(GuardScope.ownEntries(new LeadingKeyPrefix("USER#mine#")));
            DynamoDbClient owedWork = iamOnly.forScope(GuardScope.of(Set.of(TableDesign.OWED_WORK), true));

            fixture.platform.putItem(b -> b.tableName(fixture.table).item(item("USER#mine#", "MEMBER#acme")));
            assertThat(mine.getItem(b -> b.tableName(fixture.table).key(key("USER#mine#", "MEMBER#acme"))).hasItem())
                    .isTrue();
            assertAccessDenied(() -> mine.getItem(b -> b.tableName(fixture.table)
                    .key(key("USER#other#", "MEMBER#acme"))));
            assertAccessDenied(() -> mine.getItem(b -> b.tableName(fixture.table).key(key("TENANT#acme#ORG", "ORG"))));
            assertAccessDenied(() -> mine.putItem(b -> b.tableName(fixture.table).item(item("USER#mine#", "x"))));
            DynamoDbClient myRecord = iamOnly.forScope(GuardScope.ownRecord(new LeadingKeyPrefix("USER#mine#")));
            myRecord.putItem(b -> b.tableName(fixture.table).item(item("USER#mine#", "PROFILE")));
            assertAccessDenied(() -> myRecord.putItem(b -> b.tableName(fixture.table)
                    .item(item("USER#other#", "PROFILE"))));
            assertAccessDenied(() -> myRecord.putItem(b -> b.tableName(fixture.table)
                    .item(item("TENANT#acme#ORG", "PROFILE"))));
            assertThat(owedWork.getItem(b -> b.tableName(fixture.table).key(key("WORK#owed#", "x"))).hasItem())
                    .as("the owed-work scope reads").isFalse();
            assertAccessDenied(() -> owedWork.putItem(b -> b.tableName(fixture.table).item(item("WORK#owed#", "x"))));
        }
    }

    @Test
    void abacRolePolicy_withoutTheTagOrAnInlinePolicy_reachesNoTenant() {
        try (SandboxFixture fixture = new SandboxFixture("vending-abac-bare",
                arn -> AbacTenantPolicy.policy(arn, TableDesign.ENCLAVE, Access.READ_WRITE).toJson());
             TenantCredentials credentials = fixture.credentials(scope -> null);
             TenantDynamoDb iamOnly = fixture.tenantDynamoDb(credentials, false)) {
            DynamoDbClient untagged = iamOnly.forScope(GuardScope.ownEntries(new LeadingKeyPrefix("USER#mine#")));

            assertAccessDenied(() -> untagged.putItem(b -> b.tableName(fixture.table)
                    .item(item("TENANT#acme#ORG", "ORG"))));
            assertAccessDenied(() -> untagged.getItem(b -> b.tableName(fixture.table)
                    .key(key("TENANT#acme#ORG", "ORG"))));
        }
    }
}
