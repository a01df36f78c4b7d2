package dev.enclave.tenancy.credentials;

import static dev.enclave.tenancy.support.SandboxFixture.tenant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.sandbox.sts.LocalSts;
import dev.enclave.sandbox.sts.StsFaults;
import dev.enclave.tenancy.support.SandboxFixture;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsCredentials;

/**
 * Refreshing tenant credentials ahead of expiry while STS is down. The sessions here are due for refresh a second
 * after they are issued (and stale only a minute later), so every request in between asks for a refresh in the
 * background; the sandbox STS refuses those until its fault is lifted.
 */
class RefreshAheadIT {

    private static final Duration SESSION = Duration.ofMinutes(15);
    private static final Duration PREFETCH_BEFORE = SESSION.minusSeconds(1);
    /** A minute after the refresh is due: the SDK then spreads no jitter over the refresh time. */
    private static final Duration STALE_BEFORE = PREFETCH_BEFORE.minusMinutes(1);
    private static final Duration NOT_HUNG = Duration.ofSeconds(20);

    @Test
    void aFailedRefreshAhead_keepsTheStillValidCredentials_andIsRetriedOnceStsAnswers() throws Exception {
        try (SandboxFixture fixture = new SandboxFixture("refresh-ahead");
             TenantCredentials credentials = new TenantCredentials(fixture.sts, dueForRefreshAtOnce(),
                     fixture.sessionPolicies())) {
            LocalSts sts = fixture.sandbox.sts();
            AwsCredentials issued = resolve(credentials);
            int refusedBefore = sts.refusedCount();
            sts.faults().inject(StsFaults.Rule.untilCleared(StsFaults.Kind.UNAVAILABLE));

            awaitWhileResolving(credentials, () -> sts.refusedCount() > refusedBefore);
            AwsCredentials duringOutage = resolve(credentials);
            sts.faults().clear();
            // STS counts an issue before the SDK swaps the new session in, so wait for what callers see.
            awaitWhileResolving(credentials,
                    () -> !resolve(credentials).accessKeyId().equals(issued.accessKeyId()));

            assertThat(duringOutage.accessKeyId()).as("still valid, so still used").isEqualTo(issued.accessKeyId());
        }
    }

    private static VendingSettings dueForRefreshAtOnce() {
        return new VendingSettings(SandboxFixture.TENANT_ROLE, SESSION, PREFETCH_BEFORE, STALE_BEFORE, 100,
                Duration.ofHours(1));
    }

    private static AwsCredentials resolve(TenantCredentials credentials) {
        return credentials.forScope(tenant("acme")).resolveCredentials();
    }

    /** Keeps resolving (each one may start a refresh) until {@code condition} holds; fails if it never does. */
    private static void awaitWhileResolving(TenantCredentials credentials, BooleanSupplier condition) {
        await().atMost(NOT_HUNG).pollInterval(Duration.ofMillis(50)).until(() -> {
            if (condition.getAsBoolean()) {
                return true;
            }
            resolve(credentials);
            return false;
        });
    }
}
