package dev.enclave.app.edge.web;

import dev.enclave.app.domain.profile.Profile;
import dev.enclave.app.domain.profile.ProfileField;
import io.micronaut.core.annotation.Nullable;

/**
 * A profile's fields as the API shows them beside a user (the caller, a member, an invitation's acceptor): each
 * only when known.
 */
public record ProfileView(@Nullable String name, @Nullable String givenName, @Nullable String familyName,
                          @Nullable String picture, @Nullable String phone) {

    public static ProfileView of(Profile profile) {
        return new ProfileView(value(profile, ProfileField.NAME), value(profile, ProfileField.GIVEN_NAME),
                value(profile, ProfileField.FAMILY_NAME), value(profile, ProfileField.PICTURE),
                value(profile, ProfileField.PHONE));
    }

    private static String value(Profile profile, ProfileField field) {
        return profile.get(field).orElse(null);
    }
}
