package dev.enclave.app.edge.filter;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.web.router.RouteAttributes;
import java.util.Map;
import java.util.Optional;

/**
 * Every answer names the media type its body is written in, whatever the request's {@code Accept} said: JSON,
 * problem documents and NDJSON are UTF-8 by definition and carry no parameter; CSV says {@code charset=utf-8}.
 * Micronaut otherwise answers with the accepted type as sent, so {@code Accept: application/json; charset=utf-16}
 * labelled a UTF-8 body UTF-16 and a client decoded it as such.
 */
@ServerFilter("/**")
final class ContentTypeFilter {

    private static final MediaType NDJSON = MediaType.of("application/x-ndjson");
    private static final MediaType CSV = MediaType.of("text/csv");
    private static final Map<String, String> WRITTEN_AS = Map.of(
            MediaType.APPLICATION_JSON_TYPE.getName(), MediaType.APPLICATION_JSON,
            "application/problem+json", "application/problem+json",
            NDJSON.getName(), NDJSON.getName(),
            CSV.getName(), CSV.getName() + "; charset=utf-8");

    /**
     * A type the answer names is written bare; an answer with a body and no type yet (the encoder would take the
     * accepted type, parameters and all) is named JSON when its route produces JSON.
     */
    @ResponseFilter
    void asWritten(HttpRequest<?> request, MutableHttpResponse<?> response) {
        Optional<String> named = response.getContentType().map(MediaType::getName);
        if (named.isEmpty() && response.getBody().isPresent() && producesJson(request)) {
            named = Optional.of(MediaType.APPLICATION_JSON);
        }
        named.map(WRITTEN_AS::get).filter(written -> !written.equals(response.getHeaders()
                .get(HttpHeaders.CONTENT_TYPE))).ifPresent(written -> response.getHeaders()
                .set(HttpHeaders.CONTENT_TYPE, written));
    }

    private static boolean producesJson(HttpRequest<?> request) {
        return RouteAttributes.getRouteInfo(request).map(route -> route.getProduces().stream()
                .anyMatch(MediaType.APPLICATION_JSON_TYPE::equals)).orElse(false);
    }
}
