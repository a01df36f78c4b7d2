package dev.enclave.app.domain.apikey;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The events of API keys. Never the secret, nor its hash. */
public final class ApiKeyEvents {

    private ApiKeyEvents() {
    }

    /** A key created: its access as the API spells it ({@code none}, {@code read}, {@code readwrite}). */
    public static NewEvent created(ApiKey key) {
        Map<String, Object> changes = new HashMap<>(Map.of("name", key.name(), "access",
                key.access().wire(), "permissions", key.permissions().stream()
                        .map(ApiKeyPermission::wire).sorted().toList()));
        key.expiresAt().ifPresent(at -> changes.put("expiresAt", at.toString()));
        return NewEvent.of(EventType.API_KEY_CREATED, Target.apiKey(key.id().value()), changes);
    }

    public static NewEvent revoked(ApiKeyId key) {
        return NewEvent.of(EventType.API_KEY_REVOKED, Target.apiKey(key.value()));
    }

    /** The key's first use, by the key itself (it is recorded while the key is being checked). */
    public static NewEvent usedFirst(ApiKeyId key) {
        return new NewEvent(EventType.API_KEY_USED_FIRST, List.of(Target.apiKey(key.value())), Map.of(),
                Optional.of(Actor.apiKey(key.value())), Optional.empty());
    }
}
