package dev.enclave.app.edge.problem;

import dev.enclave.app.edge.observability.RequestIds;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * An error answered with no body gets its problem document, like every other error: a filter of Micronaut's that
 * refuses before any route runs answers bare (the CORS check answers a foreign {@code Origin} calling a local
 * address with a bare 403). Runs outermost, so it sees every answer last.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class BareErrorFilter implements Ordered {

    private static final MediaType PROBLEM_JSON = MediaType.of(Problem.MEDIA_TYPE);

    @ResponseFilter
    void problem(HttpRequest<?> request, MutableHttpResponse<?> response) {
        if (response.code() < 400 || response.getBody().isPresent() || request.getMethod() == HttpMethod.HEAD) {
            return;
        }
        String requestId = RequestIds.of(request);
        Problem typed = Problem.of(ProblemType.forStatus(response.code()), null, request.getPath(), requestId, null);
        Problem problem = new Problem(typed.type(), typed.title(), response.code(), typed.detail(), typed.instance(),
                typed.code(), typed.requestId(), typed.errors());
        if (!response.getHeaders().contains(RequestIds.HEADER)) {
            response.header(RequestIds.HEADER, requestId);
        }
        ((MutableHttpResponse<Object>) response).body(problem).contentType(PROBLEM_JSON);
    }

    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE;
    }
}
