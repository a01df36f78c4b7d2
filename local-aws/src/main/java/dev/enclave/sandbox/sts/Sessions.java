package dev.enclave.sandbox.sts;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The sessions the local STS issued, by access key id. Thread-safe; expired sessions stay so they can be named. */
public final class Sessions {

    private final Map<String, Session> byAccessKey = new ConcurrentHashMap<>();

    void add(Session session) {
        if (byAccessKey.putIfAbsent(session.accessKeyId(), session) != null) {
            throw new IllegalStateException("access key id issued twice: " + session.accessKeyId());
        }
    }

    /** The session an access key id belongs to. */
    public Optional<Session> find(String accessKeyId) {
        return Optional.ofNullable(byAccessKey.get(accessKeyId));
    }

    /** Every session issued so far, expired ones included. */
    public List<Session> all() {
        return List.copyOf(byAccessKey.values());
    }

    /** How many sessions were issued so far. */
    public int size() {
        return byAccessKey.size();
    }
}
