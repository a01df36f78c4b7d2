package dev.enclave.app.edge.observability;

import dev.enclave.app.infra.vending.CurrentRoute;
import io.micronaut.http.BasicHttpAttributes;
import io.micronaut.http.context.ServerRequestContext;
import jakarta.inject.Singleton;
import java.util.Optional;

/** The route of the request Micronaut is serving on this thread. */
@Singleton
final class ServerRequestRoute implements CurrentRoute {

    @Override
    public Optional<Route> now() {
        return ServerRequestContext.currentRequest().map(request -> new Route(request.getMethodName(),
                BasicHttpAttributes.getUriTemplate(request).orElse("none")));
    }
}
