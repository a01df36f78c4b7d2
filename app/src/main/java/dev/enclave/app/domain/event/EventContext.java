package dev.enclave.app.domain.event;

import java.util.Optional;

/** Who is acting right now, and in which request: the edge knows, from the request being answered. */
public interface EventContext {

    /** The actor of the request being answered; {@link Actor#SYSTEM} outside any request (owed work). */
    Actor actor();

    /** The request's id ({@code X-Request-Id}), if a request is being answered. */
    Optional<String> requestId();
}
