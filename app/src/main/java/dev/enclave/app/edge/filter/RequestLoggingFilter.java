package dev.enclave.app.edge.filter;

import dev.enclave.app.edge.observability.RequestIds;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * One structured (logfmt) line per request with its request id, and the id echoed in {@code X-Request-Id}.
 * Never logs headers or bodies: they carry tokens.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class RequestLoggingFilter implements Ordered {

    private static final Logger LOG = LoggerFactory.getLogger("enclave.request");
    private static final String STARTED = "enclave.started-nanos";

    @RequestFilter
    void onRequest(HttpRequest<?> request) {
        RequestIds.of(request);
        request.setAttribute(STARTED, System.nanoTime());
    }

    @ResponseFilter
    void onResponse(HttpRequest<?> request, MutableHttpResponse<?> response) {
        String id = RequestIds.of(request);
        response.getHeaders().set(RequestIds.HEADER, id);
        long started = request.getAttribute(STARTED, Long.class).orElse(System.nanoTime());
        MDC.put("requestId", id);
        try {
            LOG.info("request_id={} method={} path={} status={} duration_ms={}", id, request.getMethodName(),
                    request.getPath(), response.code(), (System.nanoTime() - started) / 1_000_000);
        } finally {
            MDC.remove("requestId");
        }
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.order();
    }
}
