package dev.enclave.app.infra.vending;

import java.util.Optional;

/** The route of the request being served on this thread, if any: how DynamoDB's meters are tagged. */
public interface CurrentRoute {

    /** No request: a background job, start-up, a test. */
    CurrentRoute NONE = Optional::empty;

    Optional<Route> now();

    /** A request's method and URI template ({@code /v1/orgs/{org}}), never its concrete path. */
    record Route(String method, String uriTemplate) {
    }
}
