package dev.enclave.bench.scale;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.local.LocalSandbox;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.ApplicationContext;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Heap and live threads with many tenants' credentials and clients cached, in a JVM of its own holding only the
 * application's beans (Enclave's production wiring, no HTTP server): vends credentials for 1k, 10k, 100k tenants
 * through {@code TenantDynamoDb.forTenant} against the bench server's local STS, and after each level measures heap
 * used after full collections and the live thread count. The first level is one tenant (the classes loaded, the
 * clients built), read once the application has run for 70 s, past the first run of Micronaut's one-minute health
 * monitor, which starts the framework's io and scheduler pools: threads that come with time, not with tenants.
 * Seconds are those spent vending, summed over the levels. Arguments: STS endpoint, DynamoDB endpoint, output file,
 * tenant counts.
 */
public final class TenantScaleProbe {

    private static final int VENDING_THREADS = 4;
    /** Micronaut's health monitor first runs a minute after start-up and starts the io and scheduler pools then. */
    private static final long FRAMEWORK_POOLS_STARTED_MILLIS = 70_000;

    private TenantScaleProbe() {
    }

    public static void main(String[] args) {
        try {
            probe(args);
            System.exit(0);
        } catch (Exception | Error e) {
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void probe(String[] args) throws Exception {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("aws.region", "us-east-1");
        properties.put("aws.accessKeyId", "local");
        properties.put("aws.secretKey", "local");
        properties.put("aws.services.dynamodb.endpoint-override", args[1]);
        properties.put("enclave.tenancy.sts-endpoint", args[0]);
        properties.put("enclave.tenancy.dynamodb-endpoint", args[1]);
        properties.put("enclave.tenancy.role-arn", LocalSandbox.TENANT_ROLE);
        properties.put("enclave.tenancy.table-arn", LocalSandbox.tableArn("enclave").value());
        properties.put("enclave.table.name", "enclave");
        properties.put("enclave.auth.jwks-url", "http://127.0.0.1:9/unused");
        properties.put("enclave.auth.issuer", "unused");
        properties.put("enclave.auth.audience", "unused");
        properties.put("enclave.idempotency.sealing-keys", ResponseSeal.newKey(new SecureRandom()));
        properties.put("enclave.cursor-key", ResponseSeal.newKey(new SecureRandom()));
        List<Map<String, Object>> levels = new ArrayList<>();
        try (ApplicationContext context = ApplicationContext.run(properties)) {
            long contextStarted = System.currentTimeMillis();
            TenantDynamoDb tenants = context.getBean(TenantDynamoDb.class);
            TenantCredentials credentials = context.getBean(TenantCredentials.class);
            vend(tenants, 0, 1);
            Thread.sleep(Math.max(0, contextStarted + FRAMEWORK_POOLS_STARTED_MILLIS - System.currentTimeMillis()));
            levels.add(level(credentials, 1, 0));
            int cached = 1;
            double vending = 0;
            for (int i = 3; i < args.length; i++) {
                int target = Integer.parseInt(args[i]);
                long started = System.nanoTime();
                vend(tenants, cached, target);
                vending += (System.nanoTime() - started) / 1e9;
                cached = target;
                levels.add(level(credentials, target, vending));
            }
        }
        Files.writeString(Path.of(args[2]), new ObjectMapper().writeValueAsString(levels));
    }

    private static void vend(TenantDynamoDb tenants, int from, int to) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(VENDING_THREADS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < VENDING_THREADS; t++) {
                int first = from + t;
                done.add(pool.submit(() -> {
                    for (int i = first; i < to; i += VENDING_THREADS) {
                        tenants.forTenant(TenantId.of(String.format(Locale.ROOT, "scale%06d", i)));
                    }
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    private static Map<String, Object> level(TenantCredentials credentials, int tenants, double seconds)
            throws InterruptedException {
        Thread.sleep(2_000);
        long heap = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(300);
            heap = Math.min(heap, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        Map<String, Object> level = new LinkedHashMap<>();
        level.put("tenants", tenants);
        level.put("cachedScopes", credentials.cachedScopes());
        level.put("heapBytes", heap);
        level.put("liveThreads", ManagementFactory.getThreadMXBean().getThreadCount());
        level.put("threadNames", Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList());
        level.put("secondsToVend", seconds);
        return level;
    }
}
