package dev.enclave.app.edge.filter;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * Every API answer is the caller's own and of the moment, and some carry secrets (credentials, an API key, a webhook
 * secret, an invitation token): none is to be kept by a cache on the way or in a browser
 * ({@code Cache-Control: no-store}). A 401 names how to authenticate ({@code WWW-Authenticate: Bearer}, as RFC 9110
 * requires). Runs outside every filter that can refuse a request, the security filter's too, so its refusals are
 * marked as well.
 */
@ServerFilter("/v1/**")
final class NoStoreFilter implements Ordered {

    @ResponseFilter
    void noStore(MutableHttpResponse<?> response) {
        if (!response.getHeaders().contains(HttpHeaders.CACHE_CONTROL)) {
            response.header(HttpHeaders.CACHE_CONTROL, "no-store");
        }
        if (response.code() == HttpStatus.UNAUTHORIZED.getCode()
                && !response.getHeaders().contains(HttpHeaders.WWW_AUTHENTICATE)) {
            response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"enclave\"");
        }
    }

    /** Just inside the problem documents' filter, outside everything else. */
    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE + 1;
    }
}
