package dev.enclave.app.domain.profile;

import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Rereads;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user's profile and its copies in every membership. The record changes when the user edits it
 * ({@code PATCH /v1/me}) or when a token's claims differ from those last seen; either way the same write owes the
 * copies (the record goes on the owed-work index), the request copies them at once into the first {@link #AT_ONCE}
 * memberships (and the one it came through), and a background pass ({@link #copyOwed}) copies into every one once
 * {@link #SETTLE} has passed, then clears the debt. So a request's work does not grow with the user's organisations,
 * and a copy the request left or missed (a user in more organisations, the server stopped half-way, a write failed, a
 * membership not yet on the user index) is written by the next pass.
 */
@Singleton
public record ChangingProfile(Profiles profiles, ProfileCopies copies, Clock clock) {

    /**
     * How long after a change its background pass is due: longer than the user index usually lags, so a membership
     * joined while the profile changed is listed by then.
     */
    public static final Duration SETTLE = Duration.ofSeconds(2);
    /** How long a record whose copies a pass could not write waits for the next try. */
    public static final Duration RETRY = Duration.ofMinutes(1);
    /** How many memberships a request copies a change into before it answers; the pass copies into the others. */
    public static final int AT_ONCE = 25;
    private static final int ATTEMPTS = 3;
    private static final Logger LOG = LoggerFactory.getLogger(ChangingProfile.class);

    /**
     * {@code user}'s edits ({@code edits}: a field to its new value, or empty to clear it), with the claims of the
     * token that asks.
     */
    public record Change(UserKey user, Profile claimed, Map<ProfileField, Optional<String>> edits) {
    }

    /**
     * The record with {@code command}'s edits, copied into every membership; {@code validation-failed} (changing
     * nothing) when a value breaks its field's rule. Edits that change nothing write nothing: no copy moves on, so no
     * admin's If-Match on a membership goes stale for them.
     */
    public Outcome<UserProfile> change(Change command) {
        for (Map.Entry<ProfileField, Optional<String>> edit : command.edits().entrySet()) {
            ProfileField field = edit.getKey();
            if (edit.getValue().filter(value -> !field.admits(value)).isPresent()) {
                return Outcome.invalid(field.wire(), "must be " + field.rule());
            }
        }
        return Rereads.decide(ATTEMPTS, profiles.find(command.user()), current -> {
            Profile edited = current.edited();
            for (Map.Entry<ProfileField, Optional<String>> edit : command.edits().entrySet()) {
                edited = edited.with(edit.getKey(), edit.getValue());
            }
            if (current.version() > 0 && edited.equals(current.edited())
                    && command.claimed().equals(current.claimed())) {
                return new Rereads.Decided<>(Outcome.done(current));
            }
            UserProfile next = current.next(edited, command.claimed());
            return saved(next, Optional.empty()) ? new Rereads.Decided<>(Outcome.done(next))
                    : new Rereads.Again<>(profiles.find(command.user()));
        }, () -> Outcome.refused(Reason.CONFLICT, "Your profile kept changing while you edited it; try again."));
    }

    /**
     * {@code user}'s record as the claims {@code claimed} of their token make it: when they differ from the claims
     * last seen, the record takes them and every copy follows.
     */
    public UserProfile current(UserKey user, Profile claimed) {
        return refreshed(profiles.find(user), claimed, Optional.empty());
    }

    /**
     * {@code user} was seen in {@code tenant}, whose membership keeps {@code copy}: when the token's claims say
     * otherwise, the record takes the claims, and this copy (with the others) follows; when the record has them
     * already, only this copy lags, and it alone is written (the record's own debt brings the others).
     */
    public void seen(TenantId tenant, UserKey user, Profile claimed, ProfileCopy copy) {
        if (copy.profile().agreesWith(claimed)) {
            return;
        }
        UserProfile stored = profiles.find(user);
        if (stored.claimed().equals(claimed)) {
            copies.copyInto(tenant, user, stored.copy());
        } else {
            refreshed(stored, claimed, Optional.of(tenant));
        }
    }

    private UserProfile refreshed(UserProfile read, Profile claimed, Optional<TenantId> here) {
        UserProfile stored = read;
        for (int attempt = 1; attempt <= ATTEMPTS && !stored.claimed().equals(claimed); attempt++) {
            UserProfile next = stored.next(stored.edited(), claimed);
            if (saved(next, here)) {
                return next;
            }
            stored = profiles.find(stored.user());
        }
        return stored;
    }

    /**
     * {@code user} joined {@code tenant} with {@code copied}: a record saved since it was read (its copies listed by
     * the user index, which may not show the new membership yet) reaches the new membership too. The join is done
     * already: a fault here leaves the copy to the record's own debt, and the join answers as it would have.
     */
    public void joined(TenantId tenant, UserKey user, ProfileCopy copied) {
        try {
            ProfileCopy stored = profiles.find(user).copy();
            if (stored.version() > copied.version()) {
                copies.copyInto(tenant, user, stored);
            }
        } catch (RuntimeException fault) {
            LOG.warn("profile not copied into a membership just joined; its debt's pass copies it: {}",
                    fault.toString());
        }
    }

    /**
     * Copies the records whose copies are owed, at most {@code limit}; how many were found. A record whose copies
     * could not all be written (or that could not be read) is owed still, and looked at again {@link #RETRY} later.
     */
    public int copyOwed(int limit) {
        int found = 0;
        for (UserKey user : profiles.owed(clock.instant(), limit)) {
            found++;
            copyOrPutOff(user);
        }
        return found;
    }

    /** A fault leaves the debt as it is for the next pass, and lets the others be copied now. */
    private void copyOrPutOff(UserKey user) {
        try {
            UserProfile profile = profiles.find(user);
            if (profile.version() > 0 && copies.copy(user, profile.copy(), Integer.MAX_VALUE)) {
                profiles.copied(profile);
            } else {
                profiles.owedLater(profile, clock.instant().plus(RETRY));
            }
        } catch (RuntimeException fault) {
            LOG.warn("profile copies owed still; the next pass tries again: {}", fault.toString());
        }
    }

    /**
     * Stores {@code next} owing its copies, then copies it at once into the first {@link #AT_ONCE} memberships and
     * the one the request came through ({@code here}); false when the record changed meanwhile.
     */
    private boolean saved(UserProfile next, Optional<TenantId> here) {
        if (!profiles.save(next, clock.instant().plus(SETTLE))) {
            return false;
        }
        copies.copy(next.user(), next.copy(), AT_ONCE);
        here.ifPresent(tenant -> copies.copyInto(tenant, next.user(), next.copy()));
        return true;
    }
}
