package dev.enclave.app.domain.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChangingProfileTest {

    private static final UserKey ADA = UserKey.of("iss", "ada");
    private static final Profile NO_CLAIMS = Profile.NONE;

    private final InMemoryProfiles store = new InMemoryProfiles().member(ADA, "acme").member(ADA, "globex");
    private final ChangingProfile changing = store.changing(Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"),
            ZoneOffset.UTC));
    private final ChangingProfile later = store.changing(Clock.fixed(Instant.parse("2026-11-22T10:01:00Z"),
            ZoneOffset.UTC));

    @Test
    void change_copiesTheProfileIntoEveryMembership_andOwesAPassUntilItRuns() {
        Outcome<UserProfile> outcome = changing.change(new ChangingProfile.Change(ADA, NO_CLAIMS,
                Map.of(ProfileField.NAME, Optional.of("Ada"))));

        assertThat(outcome).isInstanceOf(Outcome.Done.class);
        assertThat(store.copiesOf(ADA).values()).allSatisfy(copy -> assertThat(copy.profile().get(ProfileField.NAME))
                .contains("Ada"));
        assertThat(store.owes(ADA)).isTrue();
        assertThat(later.copyOwed(10)).isEqualTo(1);
        assertThat(store.owes(ADA)).isFalse();
    }

    @Test
    void joined_withACopyOlderThanTheRecord_copiesTheRecordIntoThatMembershipOnly_andWithTheCurrentOneWritesNothing() {
        ProfileCopy readBeforeJoining = store.find(ADA).copy();
        changing.change(new ChangingProfile.Change(ADA, NO_CLAIMS, Map.of(ProfileField.NAME, Optional.of("Ada"))));
        store.member(ADA, "initech");

        changing.joined(TenantId.of("initech"), ADA, readBeforeJoining);

        assertThat(store.copiesOf(ADA).get("initech").profile().get(ProfileField.NAME)).contains("Ada");
        store.member(ADA, "hooli");
        changing.joined(TenantId.of("hooli"), ADA, store.find(ADA).copy());
        assertThat(store.copiesOf(ADA).get("hooli")).as("joined with the current copy").isEqualTo(ProfileCopy.NONE);
    }

    @Test
    void change_whenAValueBreaksItsRule_isRefusedAndChangesNothing() {
        Outcome<UserProfile> outcome = changing.change(new ChangingProfile.Change(ADA, NO_CLAIMS,
                Map.of(ProfileField.NAME, Optional.of("Ada"), ProfileField.PICTURE,
                        Optional.of("http://img.example/a.png"))));

        assertThat(((Outcome.Refused<UserProfile>) outcome).refusal().reason()).isEqualTo(Reason.VALIDATION_FAILED);
        assertThat(store.find(ADA)).isEqualTo(UserProfile.none(ADA));
        assertThat(store.copiesOf(ADA).values()).containsOnly(ProfileCopy.NONE);
    }

    @Test
    void aUserInManyOrganisations_hasTheFirstCopiedAtOnce_andTheOneTheyCameThrough_andThePassCopiesTheRest() {
        int organisations = ChangingProfile.AT_ONCE + 5;
        for (int i = 0; i < organisations; i++) {
            store.member(ADA, String.format("org-%02d", i));
        }
        String last = String.format("org-%02d", organisations - 1);
        Profile claims = new Profile(Map.of(ProfileField.NAME, "Ada Lovelace"));

        changing.seen(TenantId.of(last), ADA, claims, store.copiesOf(ADA).get(last));

        assertThat(store.copiesOf(ADA).entrySet().stream().filter(held -> held.getValue().version() == 1)
                .map(Map.Entry::getKey)).as("the first %d and the one the request came through", ChangingProfile.AT_ONCE)
                .hasSize(ChangingProfile.AT_ONCE + 1).contains(last, "org-00");
        assertThat(store.copiesOf(ADA).get("org-" + ChangingProfile.AT_ONCE)).as("left to the pass")
                .isEqualTo(ProfileCopy.NONE);
        assertThat(later.copyOwed(10)).isEqualTo(1);
        assertThat(store.copiesOf(ADA).values()).allSatisfy(copy -> assertThat(copy.version()).isEqualTo(1));
        assertThat(store.owes(ADA)).isFalse();
    }

    @Test
    void seen_withTheRecordCurrentButThisCopyBehind_writesThisCopyAlone() {
        Profile claims = new Profile(Map.of(ProfileField.NAME, "Ada Lovelace"));
        changing.seen(TenantId.of("acme"), ADA, claims, store.copiesOf(ADA).get("acme"));
        store.member(ADA, "initech").member(ADA, "hooli");

        changing.seen(TenantId.of("initech"), ADA, claims, store.copiesOf(ADA).get("initech"));

        assertThat(store.copiesOf(ADA).get("initech").profile().get(ProfileField.NAME)).contains("Ada Lovelace");
        assertThat(store.copiesOf(ADA).get("hooli")).as("left to the record's debt").isEqualTo(ProfileCopy.NONE);
    }

    @Test
    void aPassThatCannotWriteTheCopies_looksAtThemAgainAMinuteLater_soTheyDoNotStandFirstInEveryPass() {
        store.copiesFail(true);
        changing.change(new ChangingProfile.Change(ADA, NO_CLAIMS, Map.of(ProfileField.NAME, Optional.of("Ada"))));

        assertThat(later.copyOwed(10)).isEqualTo(1);

        assertThat(store.owedAt(ADA)).contains(Instant.parse("2026-11-22T10:01:00Z").plus(ChangingProfile.RETRY));
        assertThat(store.owed(Instant.parse("2026-11-22T10:01:30Z"), 10)).isEmpty();
    }

    @Test
    void aCopyThatFailed_isWrittenByAPassOnceItIsDueAgain() {
        store.copiesFail(true);
        changing.change(new ChangingProfile.Change(ADA, NO_CLAIMS, Map.of(ProfileField.PHONE,
                Optional.of("+1 425 555 1212"))));
        assertThat(changing.copyOwed(10)).as("not due yet").isZero();
        assertThat(later.copyOwed(10)).isEqualTo(1);
        assertThat(store.owes(ADA)).as("still failing, still owed").isTrue();

        store.copiesFail(false);
        store.changing(Clock.fixed(Instant.parse("2026-11-22T10:01:01Z").plus(ChangingProfile.RETRY),
                ZoneOffset.UTC)).copyOwed(10);

        assertThat(store.copiesOf(ADA).values()).allSatisfy(copy -> assertThat(copy.version()).isEqualTo(1));
        assertThat(store.owes(ADA)).isFalse();
    }

    @Test
    void seen_withClaimsACopyLacks_takesThemIntoTheRecordAndEveryCopy_andWithTheSameClaimsWritesNothing() {
        changing.change(new ChangingProfile.Change(ADA, NO_CLAIMS, Map.of(ProfileField.NAME, Optional.of("Ada"))));
        Profile claims = new Profile(Map.of(ProfileField.NAME, "Ada Lovelace"));

        changing.seen(TenantId.of("acme"), ADA, claims, store.copiesOf(ADA).get("acme"));

        assertThat(store.find(ADA).effective().get(ProfileField.NAME)).contains("Ada Lovelace");
        assertThat(store.copiesOf(ADA).values()).allSatisfy(copy -> assertThat(copy.profile()
                .get(ProfileField.NAME)).contains("Ada Lovelace"));
        long version = store.find(ADA).version();
        changing.seen(TenantId.of("acme"), ADA, claims, store.copiesOf(ADA).get("acme"));
        assertThat(store.find(ADA).version()).isEqualTo(version);
    }

    @Test
    void anEditOfAFieldTheClaimsCarry_isKept_butTheClaimShows() {
        Profile claims = new Profile(Map.of(ProfileField.NAME, "Ada Lovelace"));

        UserProfile changed = ((Outcome.Done<UserProfile>) changing.change(new ChangingProfile.Change(ADA, claims,
                Map.of(ProfileField.NAME, Optional.of("Ada"), ProfileField.GIVEN_NAME, Optional.of("Ada")))))
                .value();

        assertThat(changed.edited().get(ProfileField.NAME)).contains("Ada");
        assertThat(changed.effective().fields()).isEqualTo(Map.of(ProfileField.NAME, "Ada Lovelace",
                ProfileField.GIVEN_NAME, "Ada"));
    }
}
