package dev.enclave.bench.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/** Every answer of the run by status, and the requests that got a 500 (which must never happen). */
final class Tally {

    private final Map<Integer, AtomicLong> byStatus = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> serverErrors = new ConcurrentLinkedQueue<>();

    void count(String request, Client.Reply reply) {
        byStatus.computeIfAbsent(reply.status(), unused -> new AtomicLong()).incrementAndGet();
        if (reply.status() == 500) {
            serverErrors.add(request + " -> " + reply.body());
        }
    }

    long requests() {
        return byStatus.values().stream().mapToLong(AtomicLong::get).sum();
    }

    Map<Integer, Long> byStatus() {
        Map<Integer, Long> counts = new TreeMap<>();
        byStatus.forEach((status, count) -> counts.put(status, count.get()));
        return counts;
    }

    long count(int status) {
        AtomicLong count = byStatus.get(status);
        return count == null ? 0 : count.get();
    }

    List<String> serverErrors() {
        return new ArrayList<>(serverErrors);
    }
}
