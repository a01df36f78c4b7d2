package dev.enclave.app.infra.limits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RequestBudgetsTest {

    private static final Optional<TenantId> ACME = Optional.of(TenantId.of("acme"));
    private static final UserKey ADA = UserKey.of("iss", "ada");
    private static final UserKey MALLORY = UserKey.of("iss", "mallory");

    private final ManualTime time = new ManualTime();

    @Test
    void aKnownMembersRequests_countAgainstTheTenant_untilItsBurstIsSpent() {
        RequestBudgets budgets = withAdaInAcme(new Limit(1, 2, 10));

        Charge first = admitted(budgets, ACME, ADA);
        Charge second = admitted(budgets, ACME, ADA);
        Charge third = admitted(budgets, ACME, ADA);

        assertThat(first.policy()).isEqualTo("tenant");
        assertThat(first.remaining()).isEqualTo(1);
        assertThat(second.allowed()).isTrue();
        assertThat(third.reason()).isEqualTo(Charge.Refusal.RATE);
        assertThat(third.retryAfter()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void theRate_refillsWithTime() {
        RequestBudgets budgets = new RequestBudgets(new Limit(1, 1, 10), time);
        admitted(budgets, Optional.empty(), ADA);
        assertThat(admitted(budgets, Optional.empty(), ADA).allowed()).isFalse();

        time.advance(Duration.ofSeconds(1));

        assertThat(admitted(budgets, Optional.empty(), ADA).allowed()).isTrue();
    }

    @Test
    void anOutsidersRequestsToAnOrganisation_spendTheirOwnBudget_notTheTenants() {
        RequestBudgets budgets = withAdaInAcme(new Limit(1, 1, 10));

        List<Charge> outsider = List.of(admitted(budgets, ACME, MALLORY), admitted(budgets, ACME, MALLORY));
        Charge member = admitted(budgets, ACME, ADA);

        assertThat(outsider).extracting(Charge::policy).containsOnly("caller");
        assertThat(outsider).extracting(Charge::allowed).containsExactly(true, false);
        assertThat(member.allowed()).isTrue();
        assertThat(member.policy()).isEqualTo("tenant");
    }

    @Test
    void aTenantsOwnLimits_replaceTheDefaults_fromItsNextAccessDecision_andGoBackWhenReset() {
        RequestBudgets budgets = new RequestBudgets(new Limit(1, 1, 10), time);
        budgets.granted(ACME.get(), ADA, Optional.of(new Limit(3, 3, 10)));

        Charge withOwn = admitted(budgets, ACME, ADA);
        admitted(budgets, ACME, ADA);
        Charge third = admitted(budgets, ACME, ADA);
        budgets.granted(ACME.get(), ADA, Optional.empty());
        Charge backOnDefaults = admitted(budgets, ACME, ADA);
        Charge overDefaults = admitted(budgets, ACME, ADA);

        assertThat(withOwn.limit()).isEqualTo(new Limit(3, 3, 10));
        assertThat(third.allowed()).isTrue();
        assertThat(backOnDefaults.limit()).isEqualTo(new Limit(1, 1, 10));
        assertThat(backOnDefaults.allowed()).as("a changed limit starts a fresh budget").isTrue();
        assertThat(overDefaults.allowed()).isFalse();
    }

    @Test
    void requestsWithAProvenApiKey_spendThatKeysOwnBudget_neitherTheTenantsNorAnotherKeys() {
        RequestBudgets budgets = withAdaInAcme(new Limit(1, 1, 10));
        budgets.keyProven(key("acme/keyoneaaaaaaaaaa", "right"));
        budgets.keyProven(key("acme/keytwoaaaaaaaaaa", "right"));

        Charge key = released(budgets.admitKey(key("acme/keyoneaaaaaaaaaa", "right"), "10.0.0.1"));
        Charge keyAgain = released(budgets.admitKey(key("acme/keyoneaaaaaaaaaa", "right"), "10.0.0.1"));
        Charge otherKey = released(budgets.admitKey(key("acme/keytwoaaaaaaaaaa", "right"), "10.0.0.1"));
        Charge member = admitted(budgets, ACME, ADA);

        assertThat(key.policy()).isEqualTo("api-key");
        assertThat(keyAgain.allowed()).isFalse();
        assertThat(otherKey.allowed()).isTrue();
        assertThat(member.allowed()).isTrue();
    }

    @Test
    void aMadeUpSecretNamingAProvenKeysId_spendsItsAddressesBudget_neverTheKeys() {
        RequestBudgets budgets = withAdaInAcme(new Limit(1, 1, 10));
        budgets.keyProven(key("acme/keyoneaaaaaaaaaa", "right"));

        List<Charge> forged = java.util.stream.IntStream.range(0, 5)
                .mapToObj(i -> released(budgets.admitKey(key("acme/keyoneaaaaaaaaaa", "wrong" + i), "10.6.6.6")))
                .toList();
        Charge genuine = released(budgets.admitKey(key("acme/keyoneaaaaaaaaaa", "right"), "10.0.0.1"));

        assertThat(forged).allSatisfy(charge -> assertThat(charge.policy()).isEqualTo("unproven-api-keys"));
        assertThat(genuine.policy()).isEqualTo("api-key");
        assertThat(genuine.allowed()).as("the key's own budget, untouched by the forgeries").isTrue();
    }

    @Test
    void aProvenKeyThatLapsed_spendsItsAddressesBudgetAgain_notItsOwnForTheRestOfTheHour() {
        RequestBudgets budgets = withAdaInAcme(new Limit(1, 1, 10));
        budgets.keyProven(key("acme/keyoneaaaaaaaaaa", "right"));
        Charge whileWorking = released(budgets.admitKey(key("acme/keyoneaaaaaaaaaa", "right"), "10.6.6.6"));

        budgets.keyLapsed(key("acme/keyoneaaaaaaaaaa", "right"));
        Charge revoked = released(budgets.admitKey(key("acme/keyoneaaaaaaaaaa", "right"), "10.6.6.6"));

        assertThat(whileWorking.policy()).isEqualTo("api-key");
        assertThat(revoked.policy()).isEqualTo("unproven-api-keys");
    }

    @Test
    void keysNotSeenWorking_eachOneNew_spendTheSmallBudgetOfTheirAddress() {
        RequestBudgets budgets = new RequestBudgets(new Limit(100, 100, 10), time);

        List<Charge> madeUp = java.util.stream.IntStream.range(0, 101)
                .mapToObj(i -> released(budgets.admitKey(key("acme/made" + i + "upaaaaaaaaaa", "right"), "10.0.0.9")))
                .toList();
        Charge fromElsewhere = released(budgets.admitKey(key("acme/madeupaaaaaaaaaaa", "right"), "10.0.0.10"));

        assertThat(madeUp.subList(0, 100)).allSatisfy(charge -> assertThat(charge.allowed()).isTrue());
        assertThat(madeUp.get(100).allowed()).isFalse();
        assertThat(madeUp.get(100).policy()).isEqualTo("unproven-api-keys");
        assertThat(fromElsewhere.allowed()).isTrue();
    }

    @Test
    void aCallersRequestsToOrganisationsTheyAreNotKnownIn_spendASmallBudgetOfTheirOwn() {
        RequestBudgets budgets = new RequestBudgets(new Limit(100, 100, 10), time);

        List<Charge> probes = java.util.stream.IntStream.range(0, 21)
                .mapToObj(i -> admitted(budgets, Optional.of(TenantId.of("probe-" + i)), ADA)).toList();
        budgets.granted(ACME.get(), ADA, Optional.empty());
        Charge member = admitted(budgets, ACME, ADA);

        assertThat(probes.subList(0, 20)).allSatisfy(charge -> assertThat(charge.allowed()).isTrue());
        assertThat(probes.get(20).allowed()).isFalse();
        assertThat(probes.get(20).policy()).isEqualTo("unknown-organisations");
        assertThat(member.allowed()).as("a member's organisation is no unknown one").isTrue();
    }

    @Test
    void requestsWithNoApiKeyAtAll_shareOneSmallBudgetPerAddress() {
        RequestBudgets budgets = new RequestBudgets(new Limit(100, 100, 10), time);

        List<Charge> fromOne = java.util.stream.IntStream.range(0, 11)
                .mapToObj(i -> released(budgets.admitUnreadable("192.0.2.1"))).toList();
        Charge fromAnother = released(budgets.admitUnreadable("192.0.2.2"));

        assertThat(fromOne.get(0).policy()).isEqualTo("address");
        assertThat(fromOne.subList(0, 10)).allSatisfy(charge -> assertThat(charge.allowed()).isTrue());
        assertThat(fromOne.get(10).allowed()).as("past the burst of ten").isFalse();
        assertThat(fromAnother.allowed()).isTrue();
    }

    @Test
    void requestsInProgress_areBounded_andAPlaceComesBackOnceWhenReleased() {
        RequestBudgets budgets = new RequestBudgets(new Limit(100, 100, 1), time);
        RequestBudgets.Admission running = budgets.admit(Optional.empty(), ADA);
        RequestBudgets.Admission refused = budgets.admit(Optional.empty(), ADA);

        refused.release();
        RequestBudgets.Admission stillRefused = budgets.admit(Optional.empty(), ADA);
        running.release();
        running.release();
        RequestBudgets.Admission next = budgets.admit(Optional.empty(), ADA);
        RequestBudgets.Admission overNext = budgets.admit(Optional.empty(), ADA);

        assertThat(running.charge().allowed()).isTrue();
        assertThat(refused.charge().reason()).isEqualTo(Charge.Refusal.CONCURRENCY);
        assertThat(stillRefused.charge().allowed()).as("a refused request frees no place").isFalse();
        assertThat(next.charge().allowed()).isTrue();
        assertThat(overNext.charge().allowed()).as("a place comes back once, however often released").isFalse();
    }

    /** Budgets on {@code defaults} that know ada as a member of acme (acme has no limits of its own). */
    private RequestBudgets withAdaInAcme(Limit defaults) {
        RequestBudgets budgets = new RequestBudgets(defaults, time);
        budgets.granted(ACME.get(), ADA, Optional.empty());
        return budgets;
    }

    private static Charge admitted(RequestBudgets budgets, Optional<TenantId> tenant, UserKey caller) {
        return released(budgets.admit(tenant, caller));
    }

    private static Charge released(RequestBudgets.Admission admission) {
        admission.release();
        return admission.charge();
    }

    private static final class ManualTime implements TimeMeter {

        private long nanos;

        void advance(Duration duration) {
            nanos += duration.toNanos();
        }

        @Override
        public long currentTimeNanos() {
            return nanos;
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    }

    private static PresentedKeys.PresentedKey key(String name, String proof) {
        return new PresentedKeys.PresentedKey(name, proof);
    }
}
