package dev.enclave.app.edge.observability;

import io.micronaut.http.HttpRequest;
import java.util.UUID;
import java.util.regex.Pattern;

/** The request id every request carries: the caller's {@code X-Request-Id} when well-formed, else a new one. */
public final class RequestIds {

    /** Header that carries the request id in and out. */
    public static final String HEADER = "X-Request-Id";

    private static final String ATTRIBUTE = "enclave.request-id";
    private static final Pattern ACCEPTED = Pattern.compile("[A-Za-z0-9._-]{8,64}");

    private RequestIds() {
    }

    /** The request's id, assigned on first use (by the logging filter, or by an error raised before it ran). */
    public static String of(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, String.class).orElseGet(() -> {
            String offered = request.getHeaders().get(HEADER);
            String id = offered != null && ACCEPTED.matcher(offered).matches() ? offered : UUID.randomUUID().toString();
            request.setAttribute(ATTRIBUTE, id);
            return id;
        });
    }
}
