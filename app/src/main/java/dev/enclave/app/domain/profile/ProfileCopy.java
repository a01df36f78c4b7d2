package dev.enclave.app.domain.profile;

import java.util.Objects;

/**
 * The copy of a user's profile a membership keeps, so an organisation's member list is one Query.
 *
 * @param version the {@link UserProfile#version} copied ({@code 0}: none yet, as memberships stored before profiles)
 */
public record ProfileCopy(Profile profile, long version) {

    /** The copy of a membership that has none. */
    public static final ProfileCopy NONE = new ProfileCopy(Profile.NONE, 0);

    public ProfileCopy {
        Objects.requireNonNull(profile, "profile");
    }
}
