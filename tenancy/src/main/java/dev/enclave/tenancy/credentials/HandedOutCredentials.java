package dev.enclave.tenancy.credentials;

import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.sts.StsClient;

/**
 * The only way credentials leave Enclave: confined by IAM to one tenant incarnation's data namespace
 * ({@link TableDesign#dataNamespace}), on the table alone, never writing an index key
 * ({@link dev.enclave.iam.policy.TenantDataPolicy}). Enclave's own control items are out of their reach whatever
 * their holder does.
 *
 * <p>{@link #cached} serves backends that poll (the container credentials protocol): one AssumeRole per data scope
 * and lifetime, shared by every caller of that scope, always with at least the stale margin of life left.
 * {@link #fresh} serves a person asking for credentials: uncached, the shortest lifetime, their identity attached.
 */
public final class HandedOutCredentials implements AutoCloseable {

    /** Lifetime of credentials handed to a person: the shortest STS allows. */
    public static final Duration FRESH_LIFETIME = Duration.ofSeconds(900);

    private final TableDesign design;
    private final TenantCredentials credentials;

    /**
     * @param settings how the polled credentials are cached; their {@code staleBefore} is the least life a caller
     *                 gets, so an SDK that refreshes 15 minutes ahead of expiry should get more than that
     */
    public HandedOutCredentials(StsClient sts, VendingSettings settings, TableArn table, TableDesign design) {
        this.design = Objects.requireNonNull(design, "design");
        this.credentials = new TenantCredentials(sts, settings, SessionPolicies.dataNamespace(table, design));
    }

    /**
     * Cached credentials on {@code tenant}'s data namespace in {@code incarnation}.
     *
     * @throws CredentialsUnavailableException when STS cannot provide credentials
     */
    public IssuedCredentials cached(TenantId tenant, Incarnation incarnation, Access access) {
        return credentials.current(scope(tenant, incarnation, access));
    }

    /**
     * Fresh credentials for {@link #FRESH_LIFETIME} with {@code sourceIdentity} (CloudTrail's record of who asked).
     *
     * @throws CredentialsUnavailableException when STS cannot provide credentials
     */
    public IssuedCredentials fresh(TenantId tenant, Incarnation incarnation, Access access, String sourceIdentity) {
        return credentials.fresh(scope(tenant, incarnation, access), sourceIdentity, FRESH_LIFETIME);
    }

    /** How the polled credentials are cached. */
    public VendingSettings settings() {
        return credentials.settings();
    }

    /** How many data scopes hold cached credentials. */
    public long cachedScopes() {
        return credentials.cachedScopes();
    }

    @Override
    public void close() {
        credentials.close();
    }

    private GuardScope scope(TenantId tenant, Incarnation incarnation, Access access) {
        return GuardScope.of(Set.of(design.dataNamespace(tenant, incarnation).value()), access == Access.READ);
    }
}
