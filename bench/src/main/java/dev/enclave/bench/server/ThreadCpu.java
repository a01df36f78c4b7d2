package dev.enclave.bench.server;

import io.micronaut.serde.annotation.Serdeable;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * CPU time of the live threads with the component each belongs to, recognised by the thread names the parts give their threads:
 * {@code app} (Netty event loops and Micronaut's executors of both applications), {@code gateway} (the DynamoDB
 * gateway's server and forwarder threads), {@code dynamodb-local} (Jetty and SQLite), {@code sts}, {@code other}.
 */
final class ThreadCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final List<Map.Entry<String, String>> PREFIXES = List.of(
            Map.entry("default-eventLoopGroup", "app"), Map.entry("default-nioEventLoopGroup", "app"),
            Map.entry("io-executor-thread", "app"), Map.entry("scheduled-executor-thread", "app"),
            Map.entry("dynamodb-gateway", "gateway"), Map.entry("dynamodb-forwarder", "gateway"),
            Map.entry("HttpClient-", "gateway"), Map.entry("HTTP-Dispatcher", "gateway"),
            Map.entry("qtp", "dynamodb-local"), Map.entry("SQLiteQueue", "dynamodb-local"),
            Map.entry("local-sts", "sts"));

    private ThreadCpu() {
    }

    /** One live thread's component and CPU time so far. */
    @Serdeable
    record Time(long id, String component, long nanos) {
    }

    /** Every live thread's CPU time, with its component. */
    static List<Time> live() {
        List<Time> times = new ArrayList<>();
        for (long id : THREADS.getAllThreadIds()) {
            ThreadInfo info = THREADS.getThreadInfo(id);
            long cpu = THREADS.getThreadCpuTime(id);
            if (info != null && cpu >= 0) {
                times.add(new Time(id, component(info.getThreadName()), cpu));
            }
        }
        return times;
    }

    private static String component(String threadName) {
        return PREFIXES.stream().filter(prefix -> threadName.startsWith(prefix.getKey())).map(Map.Entry::getValue)
                .findFirst().orElse("other");
    }
}
