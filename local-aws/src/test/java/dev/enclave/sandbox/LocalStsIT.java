package dev.enclave.sandbox;

import static dev.enclave.sandbox.HandWrittenPolicies.roleArn;
import static dev.enclave.sandbox.HandWrittenPolicies.rolePermissionPolicy;
import static dev.enclave.sandbox.HandWrittenPolicies.tenantSessionPolicy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.sandbox.sts.LocalSts;
import dev.enclave.sandbox.sts.RoleDefinition;
import dev.enclave.sandbox.sts.Session;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sts.StsClient;
import software.amazon.awssdk.services.sts.auth.StsAssumeRoleCredentialsProvider;
import software.amazon.awssdk.services.sts.model.AssumeRoleRequest;
import software.amazon.awssdk.services.sts.model.AssumeRoleResponse;
import software.amazon.awssdk.services.sts.model.MalformedPolicyDocumentException;
import software.amazon.awssdk.services.sts.model.PackedPolicyTooLargeException;
import software.amazon.awssdk.services.sts.model.StsException;
import software.amazon.awssdk.services.sts.model.Tag;

/** The local STS against the real SDK {@code StsClient}: the AssumeRole protocol, validation, errors, counts. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LocalStsIT {

    private static final String TABLE = "local-sts";
    private static final String TENANT_ROLE = roleArn("enclave-tenant");
    private static final String SHORT_ROLE = roleArn("enclave-short");
    private static final String UNTRUSTING_ROLE = roleArn("enclave-untrusting");
    private static final String APPLICATION = Principal.localApplication().arn();

    private final MutableClock clock = new MutableClock();
    private final SdkHttpClient http = ApacheHttpClient.create();
    private LocalSts localSts;
    private StsClient sts;

    @BeforeAll
    void start() {
        Principal application = Principal.localApplication();
        localSts = new LocalSts(SandboxSettings.inMemory(application, List.of(
                RoleDefinition.trusting(application, TENANT_ROLE, rolePermissionPolicy(TABLE)),
                new RoleDefinition(SHORT_ROLE, rolePermissionPolicy(TABLE), Set.of(application.accessKeyId()),
                        Duration.ofHours(1)),
                new RoleDefinition(UNTRUSTING_ROLE, rolePermissionPolicy(TABLE),
                        Set.of("arn:aws:iam::000000000000:role/someone-else"), Duration.ofHours(1))))
                .withClock(clock));
        sts = client(application.credentialsProvider(), false);
    }

    @AfterAll
    void stop() {
        sts.close();
        localSts.close();
        http.close();
    }

    @Test
    void assumeRole_issuesTemporaryCredentials_boundToPolicyTagsSourceIdentityAndExpiry() {
        String policy = tenantSessionPolicy(TABLE, "acme");

        AssumeRoleResponse response = sts.assumeRole(b -> b.roleArn(TENANT_ROLE).roleSessionName("acme-issue")
                .policy(policy).durationSeconds(1800).sourceIdentity("user-1@example.com")
                .tags(tag("TenantId", "acme"), tag("Purpose", "it")));

        var credentials = response.credentials();
        assertThat(credentials.accessKeyId()).matches("ASIA[A-Z0-9]{16}");
        assertThat(credentials.secretAccessKey()).hasSize(40);
        assertThat(credentials.sessionToken()).isNotBlank();
        assertThat(credentials.expiration()).isEqualTo(clock.instant().truncatedTo(ChronoUnit.SECONDS)
                .plusSeconds(1800));
        assertThat(response.assumedRoleUser().arn())
                .isEqualTo("arn:aws:sts::000000000000:assumed-role/enclave-tenant/acme-issue");
        assertThat(response.assumedRoleUser().assumedRoleId()).matches("AROA[A-Z2-7]{17}:acme-issue");
        assertThat(response.sourceIdentity()).isEqualTo("user-1@example.com");
        assertThat(response.packedPolicySize()).isBetween(1, 100);

        Session session = localSts.sessions().find(credentials.accessKeyId()).orElseThrow();
        assertThat(session.roleArn()).isEqualTo(TENANT_ROLE);
        assertThat(session.sessionName()).isEqualTo("acme-issue");
        assertThat(session.sessionPolicy()).hasValue(policy);
        assertThat(session.tags()).isEqualTo(Map.of("TenantId", "acme", "Purpose", "it"));
        assertThat(session.sourceIdentity()).hasValue("user-1@example.com");
        assertThat(session.secretAccessKey()).isEqualTo(credentials.secretAccessKey());
        assertThat(session.sessionToken()).isEqualTo(credentials.sessionToken());
        assertThat(session.expiration()).isEqualTo(credentials.expiration());
    }

    @Test
    void assumeRole_withoutPolicyOrTags_hasNoPackedPolicySize_andDefaultsToOneHour() {
        AssumeRoleResponse response = sts.assumeRole(b -> b.roleArn(TENANT_ROLE).roleSessionName("plain"));

        assertThat(response.packedPolicySize()).isNull();
        assertThat(response.credentials().expiration()).isEqualTo(clock.instant().truncatedTo(ChronoUnit.SECONDS)
                .plusSeconds(3600));
        assertThat(localSts.sessions().find(response.credentials().accessKeyId()).orElseThrow().sessionPolicy())
                .isEmpty();
    }

    @Test
    void assumeRole_isCounted_inAll_perSessionName_andPerTag() {
        int before = localSts.assumeRoleCount();

        sts.assumeRole(b -> b.roleArn(TENANT_ROLE).roleSessionName("count-a").tags(tag("TenantId", "counted")));
        sts.assumeRole(b -> b.roleArn(TENANT_ROLE).roleSessionName("count-a").tags(tag("TenantId", "counted")));
        sts.assumeRole(b -> b.roleArn(TENANT_ROLE).roleSessionName("count-b"));

        assertThat(localSts.assumeRoleCount()).isEqualTo(before + 3);
        assertThat(localSts.assumeRoleCount("count-a")).isEqualTo(2);
        assertThat(localSts.assumeRoleCount("count-b")).isEqualTo(1);
        assertThat(localSts.assumeRoleCountTagged("TenantId", "counted")).isEqualTo(2);
        assertThat(localSts.assumeRoleCountTagged("TenantId", "nobody")).isZero();
    }

    @Test
    void stsAssumeRoleCredentialsProvider_resolvesIssuedCredentials_withOneCall() {
        try (StsAssumeRoleCredentialsProvider provider = StsAssumeRoleCredentialsProvider.builder().stsClient(sts)
                .refreshRequest(b -> b.roleArn(TENANT_ROLE).roleSessionName("provider-it")).build()) {
            var first = (AwsSessionCredentials) provider.resolveCredentials();
            var second = (AwsSessionCredentials) provider.resolveCredentials();

            assertThat(first.accessKeyId()).startsWith("ASIA").isEqualTo(second.accessKeyId());
            assertThat(localSts.assumeRoleCount("provider-it")).isEqualTo(1);
        }
    }

    @Test
    void assumeRole_withPolicyOf2049PackedCharacters_isPackedPolicyTooLarge() {
        String large = policyWithResourceOf(2049);

        assertThatThrownBy(() -> assumeRole(b -> b.roleSessionName("too-large").policy(large)))
                .isInstanceOfSatisfying(PackedPolicyTooLargeException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("PackedPolicyTooLarge");
                    assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(
                            "Packed policy consumes 101% of the allotted space, please use smaller policy.");
                    assertThat(e.statusCode()).isEqualTo(400);
                });
        assertThat(localSts.assumeRoleCount("too-large")).isZero();
    }

    @Test
    void assumeRole_withPolicyOf2048CharactersOnceWhitespaceIsRemoved_isAccepted() {
        String compact = policyWithResourceOf(2048);
        String padded = compact.replace(",", ",\n" + " ".repeat(100));

        assertThat(padded.length()).isGreaterThan(2048);
        assertThat(assumeRole(b -> b.roleSessionName("padded").policy(padded)).packedPolicySize()).isEqualTo(100);
    }

    @Test
    void assumeRole_withMalformedPolicy_isMalformedPolicyDocument() {
        assertThatThrownBy(() -> assumeRole(b -> b.roleSessionName("malformed").policy("{not json")))
                .isInstanceOf(MalformedPolicyDocumentException.class);
        assertThatThrownBy(() -> assumeRole(b -> b.roleSessionName("malformed").policy("{\"Version\":\"2012-10-17\"}")))
                .isInstanceOf(MalformedPolicyDocumentException.class);
        assertThatThrownBy(() -> assumeRole(b -> b.roleSessionName("malformed").policy("{\"Statement\":{\"Effect\":"
                + "\"Deny\",\"Action\":\"*\",\"Resource\":\"*\",\"Condition\":{\"DateLesThan\":{\"aws:EpochTime\":\"1\"}}}}")))
                .as("a misspelt operator is refused, not left to make a Deny match nothing")
                .isInstanceOf(MalformedPolicyDocumentException.class);
    }

    @Test
    void assumeRole_withInvalidRoleSessionName_isValidationError() {
        assertStsError(() -> assumeRole(b -> b.roleSessionName("a")), 400, "ValidationError", "1 validation error "
                + "detected: Value 'a' at 'roleSessionName' failed to satisfy constraint: Member must have length "
                + "greater than or equal to 2");
        assertStsError(() -> assumeRole(b -> b.roleSessionName("acme tenant")), 400, "ValidationError", "1 validation "
                + "error detected: Value 'acme tenant' at 'roleSessionName' failed to satisfy constraint: Member must "
                + "satisfy regular expression pattern: [\\w+=,.@-]*");
        assertStsError(() -> assumeRole(b -> b.roleSessionName("x".repeat(65))), 400, "ValidationError", "1 validation "
                + "error detected: Value at 'roleSessionName' failed to satisfy constraint: Member must have length "
                + "less than or equal to 64");
    }

    @Test
    void assumeRole_withDurationOutOfRange_isValidationError() {
        assertStsError(() -> assumeRole(b -> b.roleSessionName("short").durationSeconds(899)), 400, "ValidationError",
                "1 validation error detected: Value '899' at 'durationSeconds' failed to satisfy constraint: Member "
                        + "must have value greater than or equal to 900");
        assertStsError(() -> assumeRole(b -> b.roleSessionName("long").durationSeconds(43_201)), 400,
                "ValidationError", "1 validation error detected: Value '43201' at 'durationSeconds' failed to satisfy "
                        + "constraint: Member must have value less than or equal to 43200");
        assertThat(assumeRole(b -> b.roleSessionName("longest").durationSeconds(43_200)).credentials().expiration())
                .isEqualTo(clock.instant().truncatedTo(ChronoUnit.SECONDS).plusSeconds(43_200));
    }

    @Test
    void assumeRole_longerThanTheRolesMaximumSession_isValidationError() {
        assertStsError(() -> sts.assumeRole(b -> b.roleArn(SHORT_ROLE).roleSessionName("beyond").durationSeconds(3601)),
                400, "ValidationError",
                "The requested DurationSeconds exceeds the MaxSessionDuration set for this role.");
    }

    @Test
    void assumeRole_withInvalidSourceIdentity_isValidationError() {
        assertStsError(() -> assumeRole(b -> b.roleSessionName("source").sourceIdentity("user 1")), 400,
                "ValidationError", "1 validation error detected: Value 'user 1' at 'sourceIdentity' failed to satisfy "
                        + "constraint: Member must satisfy regular expression pattern: [\\w+=,.@-]*");
    }

    @Test
    void assumeRole_withDuplicateTagKeys_isInvalidParameterValue() {
        assertStsError(() -> assumeRole(b -> b.roleSessionName("tags")
                        .tags(tag("TenantId", "a"), tag("tenantid", "b"))),
                400, "InvalidParameterValue",
                "Duplicate tag keys found. Please note that Tag keys are case insensitive.");
    }

    @Test
    void assumeRole_ofUnknownOrUntrustingRole_isAccessDenied() {
        String unknown = roleArn("enclave-nobody");

        assertStsError(() -> sts.assumeRole(b -> b.roleArn(unknown).roleSessionName("nobody")), 403, "AccessDenied",
                "User: " + APPLICATION + " is not authorized to perform: sts:AssumeRole on resource: " + unknown);
        assertStsError(() -> sts.assumeRole(b -> b.roleArn(UNTRUSTING_ROLE).roleSessionName("untrusted")), 403,
                "AccessDenied", "User: " + APPLICATION + " is not authorized to perform: sts:AssumeRole on resource: "
                        + UNTRUSTING_ROLE);
    }

    @Test
    void assumeRole_withWrongSecret_isSignatureDoesNotMatch_withUnknownKey_isInvalidClientTokenId() {
        try (StsClient forged = client(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                Principal.localApplication().accessKeyId(), "wrong")), false);
             StsClient stranger = client(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                     "AKIASTRANGER", "secret")), false)) {
            assertStsError(() -> forged.assumeRole(b -> b.roleArn(TENANT_ROLE).roleSessionName("forged")), 403,
                    "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you "
                            + "provided. Check your AWS Secret Access Key and signing method. Consult the service "
                            + "documentation for details.");
            assertStsError(() -> stranger.assumeRole(b -> b.roleArn(TENANT_ROLE).roleSessionName("stranger")), 403,
                    "InvalidClientTokenId", "The security token included in the request is invalid.");
        }
        assertThat(localSts.assumeRoleCount("forged") + localSts.assumeRoleCount("stranger")).isZero();
    }

    @Test
    void assumeRole_byAnIssuedSession_isAuthenticated_butNotTrusted() {
        var issued = assumeRole(b -> b.roleSessionName("chained")).credentials();
        try (StsClient chained = client(StaticCredentialsProvider.create(AwsSessionCredentials.create(
                issued.accessKeyId(), issued.secretAccessKey(), issued.sessionToken())), false)) {
            assertStsError(() -> chained.assumeRole(b -> b.roleArn(TENANT_ROLE).roleSessionName("chain")), 403,
                    "AccessDenied", "User: arn:aws:sts::000000000000:assumed-role/enclave-tenant/chained is not "
                            + "authorized to perform: sts:AssumeRole on resource: " + TENANT_ROLE);
        }
    }

    @Test
    void assumeRole_whileThrottled_isRetriedByTheSdk_andCountedOnce() {
        try (StsClient retrying = client(Principal.localApplication().credentialsProvider(), true)) {
            int refused = localSts.refusedCount();
            localSts.throttleNext(2);

            retrying.assumeRole(b -> b.roleArn(TENANT_ROLE).roleSessionName("throttled"));

            assertThat(localSts.assumeRoleCount("throttled")).isEqualTo(1);
            assertThat(localSts.refusedCount()).isEqualTo(refused + 2);
        }
    }

    @Test
    void assumeRole_whileThrottled_withoutRetries_isThrottling() {
        localSts.throttleNext(1);

        assertStsError(() -> assumeRole(b -> b.roleSessionName("throttled-once")), 400, "Throttling", "Rate exceeded");
        assertThat(assumeRole(b -> b.roleSessionName("throttled-once")).credentials()).isNotNull();
    }

    private AssumeRoleResponse assumeRole(Consumer<AssumeRoleRequest.Builder> request) {
        return sts.assumeRole(b -> {
            b.roleArn(TENANT_ROLE);
            request.accept(b);
        });
    }

    private StsClient client(AwsCredentialsProvider credentials, boolean retries) {
        return StsClient.builder().endpointOverride(localSts.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(credentials).httpClient(http)
                .overrideConfiguration(o -> {
                    if (retries) {
                        o.retryStrategy(RetryMode.STANDARD);
                    } else {
                        o.retryStrategy(AwsRetryStrategy.doNotRetry());
                    }
                }).build();
    }

    /** A valid policy whose whitespace-free length is exactly {@code packedLength}. */
    private static String policyWithResourceOf(int packedLength) {
        String head = "{\"Version\":\"2012-10-17\",\"Statement\":{\"Effect\":\"Allow\",\"Action\":\"dynamodb:GetItem\","
                + "\"Resource\":\"arn:aws:dynamodb:us-east-1:000000000000:table/";
        String tail = "\"}}";
        return head + "t".repeat(packedLength - head.length() - tail.length()) + tail;
    }

    private static Tag tag(String key, String value) {
        return Tag.builder().key(key).value(value).build();
    }

    private static void assertStsError(ThrowingCallable call, int status, String code, String message) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StsException.class, e -> {
            assertThat(e.statusCode()).isEqualTo(status);
            assertThat(e.awsErrorDetails().errorCode()).isEqualTo(code);
            assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(message);
        });
    }

}
