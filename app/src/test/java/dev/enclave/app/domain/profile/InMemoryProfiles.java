package dev.enclave.app.domain.profile;

import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Profiles and their copies in memory, for the use cases' tests: each user's record, when its copies are due, and
 * the copies in the user's memberships (by organisation); a copy attempt may be set to fail, as a fault would.
 */
public final class InMemoryProfiles implements Profiles, ProfileCopies {

    private final Map<UserKey, UserProfile> records = new HashMap<>();
    private final Map<UserKey, Instant> owed = new HashMap<>();
    private final Map<UserKey, Map<String, ProfileCopy>> copies = new HashMap<>();
    private boolean copiesFail;

    /** A use case over this store. */
    public ChangingProfile changing(Clock clock) {
        return new ChangingProfile(this, this, clock);
    }

    /** {@code user} is a member of {@code organisation}, with no copy yet. */
    public InMemoryProfiles member(UserKey user, String organisation) {
        copies.computeIfAbsent(user, u -> new HashMap<>()).put(organisation, ProfileCopy.NONE);
        return this;
    }

    /** Whether copying fails from now on. */
    public void copiesFail(boolean fail) {
        copiesFail = fail;
    }

    public Map<String, ProfileCopy> copiesOf(UserKey user) {
        return Map.copyOf(copies.getOrDefault(user, Map.of()));
    }

    public boolean owes(UserKey user) {
        return owed.containsKey(user);
    }

    @Override
    public UserProfile find(UserKey user) {
        return records.getOrDefault(user, UserProfile.none(user));
    }

    @Override
    public boolean save(UserProfile next, Instant copiesDue) {
        if (find(next.user()).version() != next.version() - 1) {
            return false;
        }
        records.put(next.user(), next);
        owed.put(next.user(), copiesDue);
        return true;
    }

    @Override
    public List<UserKey> owed(Instant now, int limit) {
        List<UserKey> due = new ArrayList<>();
        owed.forEach((user, when) -> {
            if (when.isBefore(now) && due.size() < limit) {
                due.add(user);
            }
        });
        return due;
    }

    @Override
    public void copied(UserProfile copied) {
        if (find(copied.user()).version() == copied.version()) {
            owed.remove(copied.user());
        }
    }

    @Override
    public void owedLater(UserProfile read, Instant at) {
        if (read.version() == 0 || find(read.user()).version() == read.version()) {
            owed.computeIfPresent(read.user(), (owing, due) -> at);
        }
    }

    /** When {@code user}'s copies are due, if they are owed. */
    public Optional<Instant> owedAt(UserKey user) {
        return Optional.ofNullable(owed.get(user));
    }

    @Override
    public boolean copy(UserKey user, ProfileCopy copy, int most) {
        if (copiesFail) {
            return false;
        }
        Map<String, ProfileCopy> held = copies.getOrDefault(user, Map.of());
        held.keySet().stream().sorted().limit(most).toList().forEach(organisation -> held.computeIfPresent(
                organisation, (listed, was) -> was.version() < copy.version() ? copy : was));
        return true;
    }

    @Override
    public void copyInto(TenantId tenant, UserKey user, ProfileCopy copy) {
        if (copiesFail) {
            throw new IllegalStateException("copy failed");
        }
        copies.getOrDefault(user, Map.of()).computeIfPresent(tenant.value(), (organisation, held) ->
                held.version() < copy.version() ? copy : held);
    }
}
