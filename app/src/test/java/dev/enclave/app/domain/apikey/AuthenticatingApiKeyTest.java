package dev.enclave.app.domain.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The decisions of presenting a key, on an in-memory port. */
class AuthenticatingApiKeyTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Instant NOW = Instant.parse("2026-11-23T20:00:00Z");
    private static final String INVALID = "Send an active organisation API key as the Authorization header.";
    private static final String CREATOR_LAPSED = "This API key's creator has left the organisation or no longer "
            + "holds what the key needs; it stays stopped until they hold it again in the membership that made it. "
            + "Create a new key as a member who holds it, and revoke this one.";
    private static final String SUSPENDED = "The organisation is suspended; its API keys get no credentials.";

    private final InMemoryApiKeys keys = new InMemoryApiKeys();
    private final AuthenticatingApiKey authenticating =
            new AuthenticatingApiKey(keys, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void validKey_ofActiveOrganisation_isAuthenticated_andItsUseRecorded() {
        ApiKeySecret secret = keys.store(Optional.empty(), Optional.empty(), OrganisationStatus.ACTIVE);

        var outcome = authenticating.authenticate(new AuthenticatingApiKey.Present(secret.reveal()));

        assertThat(outcome).isInstanceOf(Outcome.Done.class);
        assertThat(keys.usesRecorded).containsExactly(NOW);
    }

    @Test
    void recentlyUsedKey_isNotRecordedAgain() {
        ApiKeySecret secret = keys.store(Optional.empty(), Optional.of(NOW.minusSeconds(30)), OrganisationStatus.ACTIVE);

        authenticating.authenticate(new AuthenticatingApiKey.Present(secret.reveal()));

        assertThat(keys.usesRecorded).isEmpty();
    }

    @Test
    void expiredKey_wrongSecret_suspendedAndDeletingOrganisations_areRefused() {
        ApiKeySecret expired = keys.store(Optional.of(NOW), Optional.empty(), OrganisationStatus.ACTIVE);
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(expired.reveal())))
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, INVALID));

        ApiKeySecret good = keys.store(Optional.empty(), Optional.empty(), OrganisationStatus.ACTIVE);
        String forged = good.reveal().substring(0, good.reveal().length() - 1)
                + (good.reveal().endsWith("a") ? "b" : "a");
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(forged)))
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, INVALID));

        ApiKeySecret suspended = keys.store(Optional.empty(), Optional.empty(), OrganisationStatus.SUSPENDED);
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(suspended.reveal())))
                .isEqualTo(Outcome.refused(Reason.ORGANISATION_SUSPENDED, SUSPENDED));

        ApiKeySecret deleting = keys.store(Optional.empty(), Optional.empty(), OrganisationStatus.DELETING);
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(deleting.reveal())))
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, INVALID));
        assertThat(keys.usesRecorded).isEmpty();
    }

    @Test
    void revokedKey_andGarbage_areRefused() {
        ApiKeySecret revoked = keys.store(Optional.empty(), Optional.empty(), OrganisationStatus.ACTIVE);
        keys.revoke(ACME, new Incarnation("acme1"), revoked.id());

        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(revoked.reveal()))).isInstanceOf(Outcome.Refused.class);
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(null))).isInstanceOf(Outcome.Refused.class);
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present("enclave_acme"))).isInstanceOf(Outcome.Refused.class);
    }

    @Test
    void aKeyNeverIssued_isRefusedOnItsLookup_beforeAnyOrganisationIsRead() {
        ApiKeySecret made = ApiKeySecret.issue(TenantId.of("never-seen"), ApiKeyId.random(new SecureRandom()),
                new SecureRandom());

        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(made.reveal())))
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, INVALID));
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present("enclave_never-seen_not-a-key")))
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, INVALID));
        assertThat(keys.finds).as("no organisation read, so no tenant's credentials").isZero();
    }

    @Test
    void aKeyWhoseLookupEntryOutlivedItsRevocation_isRefusedByItsOrganisationsRead() {
        ApiKeySecret revoked = keys.store(Optional.empty(), Optional.empty(), OrganisationStatus.ACTIVE);
        keys.stored.remove(revoked.id());

        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(revoked.reveal())))
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, INVALID));
        assertThat(keys.finds).isEqualTo(1);
    }

    @Test
    void aKey_worksWhileItsCreatorIsAnAdminOrOwner_andLapsesWhenTheyLeaveOrLoseTheRole_forGood() {
        ApiKeySecret ofAnAdmin = keys.storeCreatedBy(UserKey.of("iss", "ada"), GroupName.MEMBER, GroupName.ADMIN);
        ApiKeySecret ofAnOwner = keys.storeCreatedBy(UserKey.of("iss", "olga"), GroupName.MEMBER, GroupName.OWNER);
        ApiKeySecret ofADemoted = keys.storeCreatedBy(UserKey.of("iss", "dan"), GroupName.MEMBER);
        ApiKeySecret ofTheRemoved = keys.storeCreatedBy(UserKey.of("iss", "rob"));
        ApiKeySecret ofTheRemovedAndAddedAgain = keys.storeCreatedBy(UserKey.of("iss", "rae"), GroupName.MEMBER,
                GroupName.ADMIN);
        keys.members.put(UserKey.of("iss", "rae"), new Membership(ACME, UserKey.of("iss", "rae"), "rae", "iss",
                Optional.empty(), Set.of(GroupName.MEMBER, GroupName.ADMIN), NOW.minusSeconds(60), 1));

        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(ofAnAdmin.reveal()))).isInstanceOf(Outcome.Done.class);
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(ofAnOwner.reveal()))).isInstanceOf(Outcome.Done.class);
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(ofADemoted.reveal())))
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, CREATOR_LAPSED));
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(ofTheRemoved.reveal())))
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, CREATOR_LAPSED));
        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(ofTheRemovedAndAddedAgain.reveal())))
                .as("a key of the membership before a removal, the same user an admin again")
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, CREATOR_LAPSED));
    }

    @Test
    void aKeyWhoseLookupEntryNamesAnotherCreator_isJudgedOnItsOwnCreator_andRefused() {
        ApiKeySecret ofTheRemoved = keys.storeCreatedBy(UserKey.of("iss", "rob"));
        keys.storeCreatedBy(UserKey.of("iss", "ada"), GroupName.MEMBER, GroupName.ADMIN);
        keys.lookups.put(ofTheRemoved.id(), keys.stored.get(ofTheRemoved.id())
                .createdByMember(UserKey.of("iss", "ada"), NOW.minusSeconds(7200)));

        assertThat(authenticating.authenticate(new AuthenticatingApiKey.Present(ofTheRemoved.reveal())))
                .as("the admin the entry names vouches for no key of rob's")
                .isEqualTo(Outcome.refused(Reason.INVALID_API_KEY, CREATOR_LAPSED));
    }

    /** One organisation's keys in memory; the organisation's status is set per stored key. */
    private static final class InMemoryApiKeys implements ApiKeys {
        private final SecureRandom random = new SecureRandom();
        final Map<ApiKeyId, ApiKey> stored = new HashMap<>();
        final Map<ApiKeyId, ApiKey> lookups = new HashMap<>();
        private final Map<ApiKeyId, OrganisationStatus> statuses = new HashMap<>();
        final List<Instant> usesRecorded = new ArrayList<>();
        final Map<UserKey, Membership> members = new HashMap<>();
        int finds;

        /** A working key created by {@code creator}, a member now in {@code groups} (none: no longer a member). */
        ApiKeySecret storeCreatedBy(UserKey creator, GroupName... groups) {
            ApiKeySecret secret = store(Optional.empty(), Optional.empty(), OrganisationStatus.ACTIVE);
            stored.put(secret.id(), stored.get(secret.id()).createdByMember(creator, NOW.minusSeconds(7200)));
            lookups.put(secret.id(), stored.get(secret.id()));
            if (groups.length > 0) {
                members.put(creator, new Membership(ACME, creator, "ada", "iss", Optional.empty(), Set.of(groups),
                        NOW.minusSeconds(7200), 1));
            }
            return secret;
        }

        ApiKeySecret store(Optional<Instant> expiresAt, Optional<Instant> lastUsedAt, OrganisationStatus status) {
            ApiKeyId id = ApiKeyId.random(random);
            ApiKeySecret secret = ApiKeySecret.issue(ACME, id, random);
            stored.put(id, new ApiKey(id, ACME, "k", ApiKeyAccess.READ, "ada", NOW.minusSeconds(3600), expiresAt,
                    lastUsedAt, secret.hash()));
            lookups.put(id, stored.get(id));
            statuses.put(id, status);
            return secret;
        }

        @Override
        public CreateOutcome create(ApiKey key, dev.enclave.app.domain.organisation.Organisation organisation, int maximum) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<ApiKey> list(TenantId tenant, Incarnation in) {
            return List.copyOf(stored.values());
        }

        @Override
        public Optional<ApiKey> lookUp(TenantId tenant, ApiKeyId id) {
            return Optional.ofNullable(lookups.get(id)).filter(key -> key.tenant().equals(tenant));
        }

        @Override
        public Lookup find(TenantId tenant, ApiKeyId id, Optional<UserKey> creator) {
            finds++;
            Organisation organisation = new Organisation(ACME, "Acme", 5, 1,
                    statuses.getOrDefault(id, OrganisationStatus.ACTIVE), 1, NOW.minusSeconds(7200), Optional.empty());
            return new Lookup(Optional.ofNullable(stored.get(id)), Optional.of(organisation),
                    creator.flatMap(user -> Optional.ofNullable(members.get(user))), dev.enclave.app.domain.permission.GroupDefinitions.NONE);
        }

        @Override
        public boolean revoke(TenantId tenant, Incarnation in, ApiKeyId id) {
            return stored.remove(id) != null;
        }

        @Override
        public void markUsed(TenantId tenant, ApiKeyId id, Instant now, Instant notSince) {
            usesRecorded.add(now);
        }
    }
}
