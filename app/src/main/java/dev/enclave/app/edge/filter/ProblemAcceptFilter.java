package dev.enclave.app.edge.filter;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.annotation.PreMatching;

/**
 * A request that accepts problem documents ({@code application/problem+json}) accepts JSON: a client generated from
 * the contract asks for problem documents alone where an operation's success has no body (a 204), and every route
 * that produces JSON answers its errors so. Runs before the route is matched, which would answer 406 otherwise.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class ProblemAcceptFilter {

    private static final String PROBLEM = "application/problem+json";

    @PreMatching
    @RequestFilter
    void acceptJsonWithProblems(MutableHttpRequest<?> request) {
        boolean problems = request.accept().stream().anyMatch(type -> type.getName().equals(PROBLEM)
                && type.getQualityAsNumber().doubleValue() > 0);
        boolean json = request.accept().stream().anyMatch(type -> type.matches(MediaType.APPLICATION_JSON_TYPE));
        if (problems && !json) {
            request.getHeaders().add(HttpHeaders.ACCEPT, MediaType.APPLICATION_JSON);
        }
    }
}
