package dev.enclave.app.domain.access;

import dev.enclave.app.domain.profile.Profile;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.security.Principal;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The authenticated caller as Enclave understood the token. A {@link Principal} named by its subject, so the API
 * contract knows it is bound from the token and never asks a client for it.
 *
 * @param issuer        the token's {@code iss}
 * @param subject       the user id claim (by default {@code sub})
 * @param email         the email claim in canonical form, if there is one and it is an email address
 * @param emailVerified whether the issuer vouches for the email
 * @param tenant        the tenant claim, if the token is bound to one tenant
 * @param roles         platform roles, e.g. {@code platform-admin}
 * @param profile       the profile claims the token carries (those that break a field's rule left out)
 */
public record Caller(String issuer, String subject, Optional<Email> email, boolean emailVerified,
                     Optional<TenantId> tenant, Set<String> roles, Profile profile) implements Principal {

    /** A caller whose token carries no profile claims. */
    public Caller(String issuer, String subject, Optional<Email> email, boolean emailVerified,
                  Optional<TenantId> tenant, Set<String> roles) {
        this(issuer, subject, email, emailVerified, tenant, roles, Profile.NONE);
    }

    public Caller {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(tenant, "tenant");
        roles = Set.copyOf(roles);
        Objects.requireNonNull(profile, "profile");
    }

    /** The email claim, when the issuer vouches for it. */
    public Optional<Email> verifiedEmail() {
        return emailVerified ? email : Optional.empty();
    }

    /** The key this caller's memberships and records are filed under. */
    public UserKey userKey() {
        return UserKey.of(issuer, subject);
    }

    @Override
    public String getName() {
        return subject;
    }
}
