package dev.enclave.app.edge.auth;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.profile.Profile;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads a {@link Caller} from a token's claims, by the configured {@link ClaimNames}. A claim of the wrong shape
 * (a tenant that is not a valid {@link TenantId}, roles that are not strings) makes the token unusable.
 */
final class CallerClaims {

    private CallerClaims() {
    }

    static Optional<Caller> read(ClaimNames names, Function<String, Object> claims) {
        try {
            return Optional.of(new Caller(
                    requiredString(claims.apply("iss")),
                    requiredString(claims.apply(names.getUserId())),
                    optionalString(claims.apply(names.getEmail())).flatMap(Email::parse),
                    isTrue(claims.apply(names.getEmailVerified())),
                    optionalString(claims.apply(names.getTenant())).map(TenantId::of),
                    roles(claims.apply(names.getRoles())), profile(names, claims)));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    /** The profile claims that are strings and keep their field's rule; the others are left out. */
    private static Profile profile(ClaimNames names, Function<String, Object> claims) {
        Map<ProfileField, String> values = new EnumMap<>(ProfileField.class);
        Map.of(ProfileField.NAME, names.getName(), ProfileField.GIVEN_NAME, names.getGivenName(),
                ProfileField.FAMILY_NAME, names.getFamilyName(), ProfileField.PICTURE, names.getPicture(),
                ProfileField.PHONE, names.getPhone()).forEach((field, claim) -> {
            if (claims.apply(claim) instanceof String value) {
                values.put(field, value);
            }
        });
        return Profile.admissible(values);
    }

    private static String requiredString(Object value) {
        if (value instanceof String s && !s.isBlank()) {
            return s;
        }
        throw new IllegalArgumentException("missing string claim");
    }

    private static Optional<String> optionalString(Object value) {
        return value == null ? Optional.empty() : Optional.of(requiredString(value));
    }

    private static boolean isTrue(Object value) {
        return Boolean.TRUE.equals(value) || "true".equals(value);
    }

    private static Set<String> roles(Object value) {
        if (value == null) {
            return Set.of();
        }
        if (value instanceof String single) {
            return Set.of(single);
        }
        if (value instanceof Collection<?> many) {
            Set<String> roles = new LinkedHashSet<>();
            for (Object role : many) {
                roles.add(requiredString(role));
            }
            return roles;
        }
        throw new IllegalArgumentException("roles claim is not a list of strings");
    }
}
