package dev.enclave.app.infra.webhook.transport;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import org.apache.hc.client5.http.DnsResolver;

/**
 * The connection manager's resolver: it answers only with the addresses this thread's attempt already checked for
 * its host, so the connection goes where the check looked and a name cannot resolve to a public address for the
 * check and a private one for the connection. Any other name is unknown. The classic client connects on the
 * thread that executes the request, which is why the checked addresses are held per thread, for one attempt.
 */
final class CheckedAddresses implements DnsResolver {

    private final ThreadLocal<Checked> attempt = new ThreadLocal<>();

    /** Runs {@code call} with {@code host} resolving to {@code addresses} on this thread. */
    <T, E extends Exception> T during(String host, List<InetAddress> addresses, Call<T, E> call) throws E {
        attempt.set(new Checked(host, addresses));
        try {
            return call.run();
        } finally {
            attempt.remove();
        }
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        Checked checked = attempt.get();
        if (checked == null || !checked.host().equalsIgnoreCase(host)) {
            throw new UnknownHostException(host + " was not checked for this attempt");
        }
        return checked.addresses().toArray(InetAddress[]::new);
    }

    @Override
    public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
        return Arrays.stream(resolve(host)).map(address -> new InetSocketAddress(address, port)).toList();
    }

    @Override
    public String resolveCanonicalHostname(String host) {
        return host;
    }

    /** A call that may throw {@code E}. */
    @FunctionalInterface
    interface Call<T, E extends Exception> {
        T run() throws E;
    }

    private record Checked(String host, List<InetAddress> addresses) {
        Checked {
            addresses = List.copyOf(addresses);
        }
    }
}
