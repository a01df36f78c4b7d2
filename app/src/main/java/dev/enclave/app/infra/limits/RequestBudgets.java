package dev.enclave.app.infra.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Every tenant's request budget — a token bucket for the rate and a count of requests in progress — and every
 * caller's. A request to an organisation counts against that organisation's budget only when its caller is known
 * to be a member (an access decision granted it within the last minute); anyone else's requests count against
 * their own caller budget, so no outsider can spend a tenant's budget, and also against a small budget of their
 * requests to organisations they are not known in ({@link #UNKNOWN_ORGANISATIONS}), so no caller can make the
 * server vend credentials for id after id. Thread-safe; budgets of tenants idle for ten minutes are forgotten.
 */
@Singleton
public final class RequestBudgets {

    public static final String TENANT_POLICY = "tenant";
    public static final String CALLER_POLICY = "caller";
    public static final String API_KEY_POLICY = "api-key";
    public static final String UNKNOWN_POLICY = "unknown-organisations";
    /**
     * The budget of a caller's requests to organisations they are not known to be a member of (each one of those the
     * server has not seen costs it a tenant's credentials): one a second, bursts of 20, 4 at once.
     */
    static final Limit UNKNOWN_ORGANISATIONS = new Limit(1, 20, 4);
    public static final String UNREADABLE_POLICY = "address";
    /** The budget of an address sending credentials that are no API key: 5 a second, bursts of 10, 4 at once. */
    static final Limit UNREADABLE = new Limit(5, 10, 4);
    public static final String UNPROVEN_POLICY = "unproven-api-keys";
    /**
     * The budget of an address sending API keys that have not worked yet (each one costs a read of the key lookups):
     * 20 a second, bursts of 100 (a fleet of backends starting at once behind one address), 16 at once.
     */
    static final Limit UNPROVEN_KEYS = new Limit(20, 100, 16);
    private static final Duration MEMBER_KNOWN_FOR = Duration.ofMinutes(1);
    private static final Duration KEY_PROVEN_FOR = Duration.ofHours(1);
    private static final Duration IDLE_BUDGET = Duration.ofMinutes(10);
    private static final int MAXIMUM_ENTRIES = 200_000;

    private final Limit defaults;
    private final TimeMeter time;
    private final Cache<String, Budget> budgets = Caffeine.newBuilder().maximumSize(MAXIMUM_ENTRIES)
            .expireAfterAccess(IDLE_BUDGET).build();
    private final Cache<String, Boolean> knownMembers = Caffeine.newBuilder().maximumSize(MAXIMUM_ENTRIES)
            .expireAfterWrite(MEMBER_KNOWN_FOR).build();
    private final Cache<String, Boolean> provenKeys = Caffeine.newBuilder().maximumSize(MAXIMUM_ENTRIES)
            .expireAfterWrite(KEY_PROVEN_FOR).build();
    private final Cache<TenantId, Limit> tenantLimits = Caffeine.newBuilder().maximumSize(MAXIMUM_ENTRIES)
            .expireAfterWrite(IDLE_BUDGET).build();

    @Inject
    RequestBudgets(LimitSettings settings) {
        this(settings.limit());
    }

    /** Budgets with {@code defaults} for every tenant and caller. */
    public RequestBudgets(Limit defaults) {
        this(defaults, TimeMeter.SYSTEM_NANOTIME);
    }

    /** Budgets whose rates refill by {@code time}'s clock. */
    RequestBudgets(Limit defaults, TimeMeter time) {
        this.defaults = defaults;
        this.time = time;
    }

    /**
     * Notes that {@code user} is a member of {@code tenant}: their requests to it now count against its budget,
     * whose limits are from now on the tenant's own ({@code override}, set by a platform admin) or the defaults.
     */
    public void granted(TenantId tenant, UserKey user, Optional<Limit> override) {
        knownMembers.put(memberKey(tenant, user), Boolean.TRUE);
        tenantLimits.put(tenant, override.orElse(defaults));
    }

    /**
     * Takes one request from the budget it belongs to: {@code tenant}'s (the organisation the path names) when the
     * caller is a known member, else the caller's own. An admitted request holds a place among those in progress
     * until its {@link Admission#release()}.
     */
    public Admission admit(Optional<TenantId> tenant, UserKey caller) {
        boolean member = tenant.filter(t -> knownMembers.getIfPresent(memberKey(t, caller)) != null).isPresent();
        if (member) {
            Limit limit = Optional.ofNullable(tenantLimits.getIfPresent(tenant.get())).orElse(defaults);
            return budget(TENANT_POLICY + ":" + tenant.get().value(), limit).admit(TENANT_POLICY);
        }
        Admission own = budget(CALLER_POLICY + ":" + caller.digest(), defaults).admit(CALLER_POLICY);
        if (tenant.isEmpty() || !own.charge().allowed()) {
            return own;
        }
        Admission unknown = budget(UNKNOWN_POLICY + ":" + caller.digest(), UNKNOWN_ORGANISATIONS).admit(UNKNOWN_POLICY);
        if (unknown.charge().allowed()) {
            unknown.release();
            return own;
        }
        own.release();
        return unknown;
    }

    /**
     * Forgets that {@code user} is a member of {@code tenant} (an access decision found them not to be one): their
     * requests to it count against their own budget again at once, not after a minute.
     */
    public void notAMember(TenantId tenant, UserKey user) {
        knownMembers.invalidate(memberKey(tenant, user));
    }

    /**
     * Takes one request made with an API key, before the key is checked, from that key's own budget (the defaults)
     * once that very key has worked ({@link #keyProven}), else from a budget of the address it came from: the
     * organisation a key names is not known to be its own yet, so it spends no organisation's budget, and a made-up
     * secret naming a real key's id spends the address's budget, not the key's. The budget is the key's, by the
     * organisation and key id it names ({@link PresentedKeys}), however the header spells it.
     */
    public Admission admitKey(PresentedKeys.PresentedKey key, String address) {
        if (provenKeys.getIfPresent(proven(key)) == null) {
            return budget(UNPROVEN_POLICY + ":" + address, UNPROVEN_KEYS).admit(UNPROVEN_POLICY);
        }
        return budget(API_KEY_POLICY + ":" + key.name(), defaults).admit(API_KEY_POLICY);
    }

    /**
     * Notes that {@code key} (as {@link PresentedKeys} names it, with the digest of its whole secret) just worked: for
     * an hour its requests spend its own budget. Until a key has worked, its requests spend a budget of the address
     * they came from ({@link #UNPROVEN_KEYS}), so made-up keys, each new one a read of the key lookups, cannot be
     * sent without limit.
     */
    public void keyProven(PresentedKeys.PresentedKey key) {
        provenKeys.put(proven(key), Boolean.TRUE);
    }

    /**
     * Notes that {@code key} no longer works (revoked, expired, its creator gone): its requests spend its address's
     * budget again at once, as a key never seen working does.
     */
    public void keyLapsed(PresentedKeys.PresentedKey key) {
        provenKeys.invalidate(proven(key));
    }

    private static String proven(PresentedKeys.PresentedKey key) {
        return key.name() + "\n" + key.proof();
    }

    /**
     * Takes one request whose credential is not even shaped like an API key from the one small budget of the address
     * it came from ({@link #UNREADABLE}): no key of anyone's, so no one's budget, and every made-up header the same.
     */
    public Admission admitUnreadable(String address) {
        return budget(UNREADABLE_POLICY + ":" + address, UNREADABLE).admit(UNREADABLE_POLICY);
    }

    /** The budget under {@code key}, started afresh when its limits have changed. */
    private Budget budget(String key, Limit limit) {
        return budgets.asMap().compute(key, (unused, budget) ->
                budget == null || !budget.limit.equals(limit) ? new Budget(limit, time) : budget);
    }

    private static String memberKey(TenantId tenant, UserKey user) {
        return tenant.value() + "\n" + user.digest();
    }

    /** A request taken from a budget: what it came to, and its place among those in progress while allowed. */
    public static final class Admission {

        private final Charge charge;
        private final Semaphore inProgress;
        private final AtomicBoolean released = new AtomicBoolean();

        Admission(Charge charge, Semaphore inProgress) {
            this.charge = charge;
            this.inProgress = inProgress;
            released.set(!charge.allowed());
        }

        public Charge charge() {
            return charge;
        }

        /** Gives the request's place back (once; nothing for a refused request). */
        public void release() {
            if (released.compareAndSet(false, true)) {
                inProgress.release();
            }
        }
    }

    private static final class Budget {

        private final Limit limit;
        private final Bucket rate;
        private final Semaphore inProgress;

        Budget(Limit limit, TimeMeter time) {
            this.limit = limit;
            this.rate = Bucket.builder().withCustomTimePrecision(time).addLimit(bandwidth -> bandwidth
                    .capacity(limit.burst()).refillGreedy(limit.requestsPerSecond(), Duration.ofSeconds(1))).build();
            this.inProgress = new Semaphore(limit.concurrent());
        }

        Admission admit(String policy) {
            if (!inProgress.tryAcquire()) {
                return new Admission(new Charge(policy, limit, rate.getAvailableTokens(), Duration.ofSeconds(1),
                        Charge.Refusal.CONCURRENCY), inProgress);
            }
            ConsumptionProbe probe = rate.tryConsumeAndReturnRemaining(1);
            if (!probe.isConsumed()) {
                inProgress.release();
                return new Admission(new Charge(policy, limit, 0, Duration.ofNanos(probe.getNanosToWaitForRefill()),
                        Charge.Refusal.RATE), inProgress);
            }
            return new Admission(new Charge(policy, limit, probe.getRemainingTokens(), Duration.ZERO, null),
                    inProgress);
        }
    }
}
