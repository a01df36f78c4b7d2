package dev.enclave.sandbox.sigv4;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * An HTTP request as it arrived, the way SigV4 sees it: the raw (still percent-encoded) path and query, header names
 * lower-cased with all their values, and the body.
 */
public record ReceivedRequest(String method, String rawPath, String rawQuery, Map<String, List<String>> headers,
                       byte[] body) {

    public ReceivedRequest {
        rawPath = rawPath == null || rawPath.isEmpty() ? "/" : rawPath;
        rawQuery = rawQuery == null ? "" : rawQuery;
        TreeMap<String, List<String>> lowerCase = new TreeMap<>();
        headers.forEach((name, values) -> lowerCase.merge(name.toLowerCase(Locale.ROOT), List.copyOf(values),
                (a, b) -> Stream.concat(a.stream(), b.stream()).toList()));
        headers = Collections.unmodifiableMap(lowerCase);
    }

    /**
     * Reads the exchange's request.
     *
     * @return empty when the body is longer than {@code maximumBody} bytes
     */
    public static Optional<ReceivedRequest> read(HttpExchange exchange, int maximumBody) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readNBytes(maximumBody + 1);
        }
        if (body.length > maximumBody) {
            return Optional.empty();
        }
        return Optional.of(new ReceivedRequest(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders(), body));
    }

    /** The first value of a header, by case-insensitive name. */
    public Optional<String> header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }
}
