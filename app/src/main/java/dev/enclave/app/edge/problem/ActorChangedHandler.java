package dev.enclave.app.edge.problem;

import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.infra.store.ActorChangedException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

/**
 * A change whose actor lost what the request was granted on while it was in flight: 403, nothing changed (401 for an
 * API key revoked meanwhile, as a key revoked before); or whose organisation stopped being active meanwhile: 423, as
 * a request decided after the suspension is answered.
 */
@Singleton
final class ActorChangedHandler implements ExceptionHandler<ActorChangedException, HttpResponse<?>> {

    @Override
    public HttpResponse<?> handle(HttpRequest request, ActorChangedException exception) {
        return switch (exception.cause()) {
            case SUSPENDED -> Rejections.toResponse(request, Reason.ORGANISATION_SUSPENDED, "The organisation was "
                    + "suspended while this request was in flight; nothing was changed.");
            case ORGANISATION_GONE -> Rejections.toResponse(request, Reason.ORGANISATION_NOT_FOUND, "The "
                    + "organisation began its deletion while this request was in flight; nothing was changed.");
            case KEY_GONE -> Rejections.toResponse(request, Reason.INVALID_API_KEY, "The API key was revoked (or its "
                    + "organisation began its deletion) while this request was in flight; nothing was changed.");
            case ACTOR_CHANGED -> Rejections.toResponse(request, Reason.MISSING_ROLE, "What you hold changed while "
                    + "this request was in flight; nothing was changed. Read again.");
        };
    }
}
