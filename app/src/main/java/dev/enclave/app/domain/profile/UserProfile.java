package dev.enclave.app.domain.profile;

import dev.enclave.identity.UserKey;
import java.util.Objects;

/**
 * A user's own profile record, kept in the user's own partition: what they set themselves ({@code edited}) and the
 * identity provider's claims as last seen ({@code claimed}). A claim the token carries wins; an edited value fills
 * what the claims lack ({@link #effective}).
 *
 * @param version how many times the record changed; every membership's copy records the version it copied, so an
 *                older copy never overwrites a newer one
 */
public record UserProfile(UserKey user, Profile edited, Profile claimed, long version) {

    public UserProfile {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(edited, "edited");
        Objects.requireNonNull(claimed, "claimed");
    }

    /** The record of a user never seen before. */
    public static UserProfile none(UserKey user) {
        return new UserProfile(user, Profile.NONE, Profile.NONE, 0);
    }

    /** The profile every membership shows: the claims over what the user set. */
    public Profile effective() {
        return edited.overlaidBy(claimed);
    }

    /** The copy a membership keeps of it. */
    public ProfileCopy copy() {
        return new ProfileCopy(effective(), version);
    }

    /** The next version of the record, with {@code nextEdited} and {@code nextClaimed}. */
    public UserProfile next(Profile nextEdited, Profile nextClaimed) {
        return new UserProfile(user, nextEdited, nextClaimed, version + 1);
    }
}
