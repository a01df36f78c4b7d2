package dev.enclave.tenancy.credentials;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import dev.enclave.tenancy.guard.GuardScope;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.sts.StsClient;
import software.amazon.awssdk.services.sts.auth.StsAssumeRoleCredentialsProvider;
import software.amazon.awssdk.services.sts.model.AssumeRoleRequest;
import software.amazon.awssdk.services.sts.model.Credentials;
import software.amazon.awssdk.services.sts.model.Tag;

/**
 * The token vending machine: STS credentials per scope, confined by the scope's session policy (or, in ABAC
 * mode, by the tenant session tag), cached and refreshed ahead of expiry in the background.
 *
 * <p>One cached provider per scope: concurrent first requests for a scope share one AssumeRole (Caffeine computes
 * a key once, and the provider's first fetch holds a lock); afterwards requests never wait on STS. Size and
 * idleness are bounded; evicted providers are closed, which stops their refreshes. A provider builds its
 * AssumeRole request (session policy included) when it refreshes instead of keeping it, which halves what a
 * cached tenant costs in heap.
 */
public final class TenantCredentials implements AutoCloseable {

    private final StsClient sts;
    private final VendingSettings settings;
    private final SessionPolicies policies;
    private final Cache<GuardScope, StsAssumeRoleCredentialsProvider> providers;

    public TenantCredentials(StsClient sts, VendingSettings settings, SessionPolicies policies) {
        this.sts = Objects.requireNonNull(sts, "sts");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.policies = Objects.requireNonNull(policies, "policies");
        this.providers = Caffeine.newBuilder()
                .maximumSize(settings.maximumScopes())
                .expireAfterAccess(settings.idleEviction())
                .executor(Runnable::run)
                .removalListener((GuardScope scope, StsAssumeRoleCredentialsProvider provider, RemovalCause cause) -> {
                    if (provider != null) {
                        provider.close();
                    }
                })
                .build();
    }

    /**
     * The credentials provider of {@code scope}, with valid credentials already resolved.
     *
     * @throws CredentialsUnavailableException when STS cannot provide credentials
     */
    public AwsCredentialsProvider forScope(GuardScope scope) {
        StsAssumeRoleCredentialsProvider provider = providers.get(scope, this::newProvider);
        try {
            provider.resolveCredentials();
            return provider;
        } catch (SdkException e) {
            throw new CredentialsUnavailableException(String.join(",", scope.prefixes()), e);
        }
    }

    /**
     * The cached credentials of {@code scope} as a value, with at least the settings' stale margin of life left.
     *
     * @throws CredentialsUnavailableException when STS cannot provide credentials
     */
    public IssuedCredentials current(GuardScope scope) {
        AwsCredentials resolved = forScope(scope).resolveCredentials();
        if (!(resolved instanceof AwsSessionCredentials session) || session.expirationTime().isEmpty()) {
            throw new IllegalStateException("STS credentials without a session token or expiry");
        }
        return new IssuedCredentials(session.accessKeyId(), session.secretAccessKey(), session.sessionToken(),
                session.expirationTime().get());
    }

    /**
     * Fresh, uncached credentials for {@code scope}: the same session policy and tags, {@code lifetime}, and
     * {@code sourceIdentity} naming who asked for them.
     *
     * @throws CredentialsUnavailableException when STS cannot provide credentials
     */
    public IssuedCredentials fresh(GuardScope scope, String sourceIdentity, Duration lifetime) {
        AssumeRoleRequest request = assumeRole(scope).toBuilder()
                .durationSeconds((int) lifetime.toSeconds())
                .sourceIdentity(sourceIdentity)
                .build();
        try {
            Credentials issued = sts.assumeRole(request).credentials();
            return new IssuedCredentials(issued.accessKeyId(), issued.secretAccessKey(), issued.sessionToken(),
                    issued.expiration());
        } catch (SdkException e) {
            throw new CredentialsUnavailableException(String.join(",", scope.prefixes()), e);
        }
    }

    /** How credentials are vended: lifetime, refresh ahead of expiry, cache bounds. */
    public VendingSettings settings() {
        return settings;
    }

    /** How many scopes currently hold cached credentials. */
    public long cachedScopes() {
        providers.cleanUp();
        return providers.estimatedSize();
    }

    @Override
    public void close() {
        providers.invalidateAll();
        providers.cleanUp();
    }

    private StsAssumeRoleCredentialsProvider newProvider(GuardScope scope) {
        return StsAssumeRoleCredentialsProvider.builder()
                .stsClient(sts)
                .refreshRequest(() -> assumeRole(scope))
                .asyncCredentialUpdateEnabled(true)
                .prefetchTime(settings.prefetchBefore())
                .staleTime(settings.staleBefore())
                .build();
    }

    AssumeRoleRequest assumeRole(GuardScope scope) {
        AssumeRoleRequest.Builder request = AssumeRoleRequest.builder()
                .roleArn(settings.tenantRoleArn())
                .roleSessionName(SessionNames.sessionName(scope))
                .durationSeconds((int) settings.sessionDuration().toSeconds())
                .policy(policies.render(scope));
        SessionNames.tenantOf(scope).ifPresent(tenant -> request
                .tags(Tag.builder().key(SessionNames.TENANT_TAG).value(tenant).build())
                .sourceIdentity("enclave-" + tenant));
        return request.build();
    }
}
