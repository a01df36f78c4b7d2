package dev.enclave.app.domain.profile;

import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.List;

/**
 * Users' own profile records, each in its user's own partition ({@code USER#<digest>#}), read and written on
 * credentials scoped to that partition alone. A record whose copies are still owed to some memberships is found on
 * the owed-work index until they are done.
 */
public interface Profiles {

    /** {@code user}'s record, read strongly consistently; {@link UserProfile#none} when there is none. */
    UserProfile find(UserKey user);

    /**
     * Stores {@code next} if the stored record is still the version before it (absent for version 1), owing its
     * copies from {@code copiesDue} on; false when the record changed meanwhile.
     */
    boolean save(UserProfile next, Instant copiesDue);

    /** Users whose copies are owed at {@code now}, oldest first, at most {@code limit}; the index may lag. */
    List<UserKey> owed(Instant now, int limit);

    /** Records {@code copied}'s copies done, unless the record changed since (then they are owed still). */
    void copied(UserProfile copied);

    /**
     * The copies of {@code read} (the record as a pass read it: {@link UserProfile#none} when it could not), still
     * owed, are looked at again at {@code at}, unless the record changed since: for a pass that could not write them,
     * so a debt that keeps failing does not stand first in every pass (they read the oldest first).
     */
    void owedLater(UserProfile read, Instant at);
}
