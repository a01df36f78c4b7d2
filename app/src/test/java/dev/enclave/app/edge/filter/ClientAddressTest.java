package dev.enclave.app.edge.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpRequest;
import org.junit.jupiter.api.Test;

class ClientAddressTest {

    private static MutableHttpRequest<?> from(String... forwardedFor) {
        MutableHttpRequest<?> request = HttpRequest.GET("/v1/backend/credentials");
        for (String value : forwardedFor) {
            request.getHeaders().add(ClientAddress.FORWARDED_FOR, value);
        }
        return request;
    }

    @Test
    void withNoTrustedProxy_theForwardedHeader_isNeverRead() {
        String peer = from().getRemoteAddress().getAddress().getHostAddress();
        assertThat(ClientAddress.of(from("203.0.113.7"), 0)).isEqualTo(peer).isNotEqualTo("203.0.113.7");
    }

    @Test
    void behindOneProxy_theClientIsTheLastEntry_whateverItSentBeforeIt() {
        assertThat(ClientAddress.of(from("10.0.0.1, 203.0.113.7"), 1)).isEqualTo("203.0.113.7");
        assertThat(ClientAddress.of(from("10.0.0.1", "203.0.113.7"), 1)).as("one header a proxy").isEqualTo(
                "203.0.113.7");
    }

    @Test
    void behindTwoProxies_theClientIsTheEntryTheOutermostAppended() {
        assertThat(ClientAddress.of(from("6.6.6.6, 203.0.113.7, 10.1.2.3"), 2)).isEqualTo("203.0.113.7");
    }

    @Test
    void withFewerEntriesThanProxies_thePeerIsTaken() {
        String peer = ClientAddress.of(from(), 0);
        assertThat(ClientAddress.of(from(), 1)).isEqualTo(peer);
        assertThat(ClientAddress.of(from("203.0.113.7"), 2)).isEqualTo(peer);
    }
}
