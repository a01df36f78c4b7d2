package dev.enclave.app.domain.event;

import java.util.Objects;
import java.util.Optional;

/**
 * Who made a change: a signed-in user (their user id, and their email when the issuer verified it), an API key (its
 * id), a platform admin (their user id), Enclave itself finishing owed work ({@link #SYSTEM}), or, in an app's own
 * audit event, whoever the app names.
 *
 * @param type  {@code user}, {@code api_key}, {@code platform_admin}, {@code system}, or an app's own
 * @param id    the actor's id within its type
 * @param email a user's verified email, if any
 * @param name  a display name an app gave, if any
 */
public record Actor(String type, String id, Optional<String> email, Optional<String> name) {

    /** Enclave itself: owed work settling, expiry. */
    public static final Actor SYSTEM = new Actor("system", "enclave", Optional.empty(), Optional.empty());
    private static final String API_KEY = "api_key";
    private static final String PLATFORM_ADMIN = "platform_admin";

    public Actor {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(name, "name");
    }

    public static Actor user(String userId, Optional<String> verifiedEmail) {
        return new Actor("user", userId, verifiedEmail, Optional.empty());
    }

    public static Actor apiKey(String keyId) {
        return new Actor(API_KEY, keyId, Optional.empty(), Optional.empty());
    }

    /**
     * Whether {@code type} names one of Enclave's own kinds of actor that no app may claim: an API key, a platform
     * admin, Enclave itself ({@code user} stays an app's to use, for its own users).
     */
    public static boolean reservedForEnclave(String type) {
        return API_KEY.equals(type) || PLATFORM_ADMIN.equals(type) || SYSTEM.type().equals(type);
    }

    /** Whether this is an API key. */
    public boolean isApiKey() {
        return API_KEY.equals(type);
    }

    public static Actor platformAdmin(String userId) {
        return new Actor(PLATFORM_ADMIN, userId, Optional.empty(), Optional.empty());
    }
}
