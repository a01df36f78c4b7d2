package dev.enclave.sandbox.sts;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts of AssumeRole calls: credentials issued (in all, per role session name, per session tag), refusals. */
final class AssumeRoleCounter {

    private final AtomicInteger issued = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final Map<String, AtomicInteger> bySessionName = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> byTag = new ConcurrentHashMap<>();

    void issued(Session session) {
        issued.incrementAndGet();
        bySessionName.computeIfAbsent(session.sessionName(), k -> new AtomicInteger()).incrementAndGet();
        session.tags().forEach((key, value) -> byTag.computeIfAbsent(tagKey(key, value), k -> new AtomicInteger())
                .incrementAndGet());
    }

    void countRefusal() {
        refused.incrementAndGet();
    }

    int issued() {
        return issued.get();
    }

    int issued(String sessionName) {
        AtomicInteger count = bySessionName.get(sessionName);
        return count == null ? 0 : count.get();
    }

    int issuedTagged(String key, String value) {
        AtomicInteger count = byTag.get(tagKey(key, value));
        return count == null ? 0 : count.get();
    }

    int refused() {
        return refused.get();
    }

    private static String tagKey(String key, String value) {
        return key + '\u0000' + value;
    }
}
