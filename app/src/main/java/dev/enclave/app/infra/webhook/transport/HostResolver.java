package dev.enclave.app.infra.webhook.transport;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** Looks up the addresses of a host name; tests give names the addresses they need. */
@FunctionalInterface
public interface HostResolver {

    /** Every address {@code host} has now, at least one. */
    List<InetAddress> resolve(String host) throws UnknownHostException;
}
