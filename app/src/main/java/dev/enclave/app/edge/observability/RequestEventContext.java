package dev.enclave.app.edge.observability;

import dev.enclave.app.domain.access.ActingAuthorities;
import dev.enclave.app.domain.access.ActingAuthority;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventContext;
import dev.enclave.app.edge.auth.CallerBinder;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.context.ServerRequestContext;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * The actor and request id of the request being answered: an API key when a route authenticated one
 * ({@link #actingKey}), a platform admin on the admin routes, otherwise the signed-in user; {@link Actor#SYSTEM}
 * outside any request; and the member it acts as, with what its access decision leaned on ({@link #actingMember}).
 */
@Singleton
public record RequestEventContext(CallerBinder callers) implements EventContext, ActingAuthorities {

    private static final String API_KEY = "enclave.acting-api-key";
    private static final String ACTING_MEMBER = "enclave.acting-member";
    private static final String ADMIN_ROUTES = "/v1/admin/";

    /** Names the API key {@code request} was authenticated by: the events it causes are that key's. */
    public static void actingKey(HttpRequest<?> request, String keyId) {
        request.setAttribute(API_KEY, keyId);
    }

    /** Notes that {@code request} acts as {@code acting}: the changes it writes are checked against it. */
    public static void actingMember(HttpRequest<?> request, ActingAuthority acting) {
        request.setAttribute(ACTING_MEMBER, acting);
    }

    @Override
    public Optional<ActingAuthority> current() {
        return ServerRequestContext.currentRequest().flatMap(request -> request.getAttribute(ACTING_MEMBER,
                ActingAuthority.class));
    }

    @Override
    public Actor actor() {
        return ServerRequestContext.currentRequest().map(this::actorOf).orElse(Actor.SYSTEM);
    }

    @Override
    public Optional<String> requestId() {
        return ServerRequestContext.currentRequest().map(RequestIds::of);
    }

    private Actor actorOf(HttpRequest<?> request) {
        Optional<String> key = request.getAttribute(API_KEY, String.class);
        if (key.isPresent()) {
            return Actor.apiKey(key.get());
        }
        return callers.callerOf(request).map(caller -> actorOf(request, caller)).orElse(Actor.SYSTEM);
    }

    private static Actor actorOf(HttpRequest<?> request, Caller caller) {
        if (request.getPath().startsWith(ADMIN_ROUTES)) {
            return Actor.platformAdmin(caller.subject());
        }
        return Actor.user(caller.subject(), caller.verifiedEmail().map(email -> email.value()));
    }
}
