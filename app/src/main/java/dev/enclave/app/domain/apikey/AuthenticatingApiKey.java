package dev.enclave.app.domain.apikey;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * A backend presents an API key: it works while it exists (not revoked), has not expired, matches its stored hash,
 * the member who created it still holds {@code api_keys:manage} and {@code credentials:issue} (a key carries its
 * creator's authority, so it lapses when they leave or lose either), and its organisation exists and is active. Of
 * its permissions it keeps those its creator still holds. The key is checked first against its lookup entry, one
 * read on credentials that reach nothing else, so a key that was never issued (or is malformed) costs no tenant's
 * credentials and no cached scope; then one read of the key and its organisation together decides. A use is
 * recorded at most once a minute.
 */
@Singleton
public record AuthenticatingApiKey(ApiKeys keys, Clock clock) {

    public static final Duration USE_RECORDED_EVERY = Duration.ofMinutes(1);

    /** A backend presents {@code key}, as the Authorization header carries it. */
    public record Present(String key) {
    }

    /** A working key, with the organisation as read (its incarnation names the data namespace). */
    public record Authenticated(ApiKey key, Organisation organisation) {
    }

    /**
     * The key and its organisation, or why not: {@code invalid-api-key}, or {@code organisation-suspended}, the only
     * refusal that says the key itself is good.
     */
    public Outcome<Authenticated> authenticate(Present command) {
        Optional<ApiKeySecret> secret = ApiKeySecret.parse(ApiKeySecret.bare(command.key()));
        if (secret.isEmpty()) {
            return invalid();
        }
        Instant now = clock.instant();
        Optional<ApiKey> listed = keys.lookUp(secret.get().tenant(), secret.get().id())
                .filter(k -> secret.get().matches(k.secretHash())).filter(k -> !k.expiredAt(now));
        if (listed.isEmpty()) {
            return invalid();
        }
        ApiKeys.Lookup found = keys.find(secret.get().tenant(), secret.get().id(), listed.get().creator());
        Optional<ApiKey> matched = found.key().filter(k -> secret.get().matches(k.secretHash()))
                .filter(k -> !k.expiredAt(now));
        if (matched.isEmpty() || found.organisation().isEmpty()
                || found.organisation().get().status() == OrganisationStatus.DELETING) {
            return invalid();
        }
        if (matched.get().creator().isPresent() && !found.creatorStillVouches(matched.get())) {
            return Outcome.refused(Reason.INVALID_API_KEY, "This API key's creator has left the organisation or no "
                    + "longer holds what the key needs; it stays stopped until they hold it again in the membership "
                    + "that made it. Create a new key as a member who holds it, and revoke this one.");
        }
        Optional<ApiKey> key = matched.map(k -> k.creator().isEmpty() ? k
                : k.allowed(found.stillGiven(k.permissions())));
        if (found.organisation().get().status() != OrganisationStatus.ACTIVE) {
            return Outcome.refused(Reason.ORGANISATION_SUSPENDED,
                    "The organisation is suspended; its API keys get no credentials.");
        }
        recordUse(key.get(), now);
        return Outcome.done(new Authenticated(key.get(), found.organisation().get()));
    }

    private static Outcome<Authenticated> invalid() {
        return Outcome.refused(Reason.INVALID_API_KEY,
                "Send an active organisation API key as the Authorization header.");
    }

    private void recordUse(ApiKey key, Instant now) {
        Instant notSince = now.minus(USE_RECORDED_EVERY);
        if (key.lastUsedAt().filter(used -> used.isAfter(notSince)).isEmpty()) {
            keys.markUsed(key.tenant(), key.id(), now.truncatedTo(ChronoUnit.SECONDS), notSince);
        }
    }
}
