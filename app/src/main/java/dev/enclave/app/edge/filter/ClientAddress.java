package dev.enclave.app.edge.filter;

import io.micronaut.http.HttpRequest;
import java.util.Arrays;
import java.util.List;

/**
 * The address a request came from, for the budgets kept per address. Behind load balancers the connection's peer
 * is the balancer, shared by every client; each of the {@code trustedProxies} in front of Enclave appends the address
 * it was connected from to {@code X-Forwarded-For}, so the client is the entry the outermost one appended, counted
 * from the right. Entries to its left are whatever the client sent, never trusted.
 */
final class ClientAddress {

    static final String FORWARDED_FOR = "X-Forwarded-For";

    private ClientAddress() {
    }

    static String of(HttpRequest<?> request, int trustedProxies) {
        String peer = request.getRemoteAddress().getAddress().getHostAddress();
        if (trustedProxies < 1) {
            return peer;
        }
        List<String> forwarded = request.getHeaders().getAll(FORWARDED_FOR).stream()
                .flatMap(value -> Arrays.stream(value.split(","))).map(String::trim)
                .filter(entry -> !entry.isEmpty()).toList();
        return forwarded.size() < trustedProxies ? peer : forwarded.get(forwarded.size() - trustedProxies);
    }
}
