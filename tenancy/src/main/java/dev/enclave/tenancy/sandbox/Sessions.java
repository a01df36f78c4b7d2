package dev.enclave.tenancy.sandbox;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The sessions the local STS issued, by access key id. Thread-safe. */
public final class Sessions {

    private final Map<String, Session> byAccessKey = new ConcurrentHashMap<>();

    void add(Session session) {
        byAccessKey.put(session.accessKeyId(), session);
    }

    public Optional<Session> find(String accessKeyId) {
        return Optional.ofNullable(byAccessKey.get(accessKeyId));
    }

    public int size() {
        return byAccessKey.size();
    }
}
