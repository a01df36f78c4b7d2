package dev.enclave.app.edge.filter;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * Every API answer is the caller's own and of the moment, and some carry secrets (credentials, an API key, a webhook
 * secret, an invitation token): none is to be kept by a cache on the way or in a browser
 * ({@code Cache-Control: no-store}).
 */
@ServerFilter("/v1/**")
final class NoStoreFilter {

    @ResponseFilter
    void noStore(MutableHttpResponse<?> response) {
        if (!response.getHeaders().contains(HttpHeaders.CACHE_CONTROL)) {
            response.header(HttpHeaders.CACHE_CONTROL, "no-store");
        }
    }
}
