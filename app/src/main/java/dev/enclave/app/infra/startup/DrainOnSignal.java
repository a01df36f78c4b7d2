package dev.enclave.app.infra.startup;

import io.micronaut.context.ApplicationContext;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGTERM and SIGINT stop the application context before the JVM's shutdown hooks run. Micronaut's own hook stops
 * the HTTP server first, which closes the listener at once (new connections are refused while readiness should still
 * be answering DOWN) and leaves the graceful drain nothing to drain. Stopping the context instead runs
 * {@link ShutdownDrain} with the server still up; the process then exits with the signal's conventional status.
 * A second signal while draining exits at once. Where the JVM keeps the signals to itself ({@code -Xrs}), nothing
 * is installed and Micronaut's own hook stays in charge, with a warning.
 */
final class DrainOnSignal implements SignalHandler {

    private static final int SIGNALLED_EXIT_BASE = 128;
    private static final List<String> SIGNALS = List.of("TERM", "INT");
    private static final Logger LOG = LoggerFactory.getLogger("enclave.shutdown");

    private final ApplicationContext context;
    private final AtomicBoolean stopping = new AtomicBoolean();

    private DrainOnSignal(ApplicationContext context) {
        this.context = context;
    }

    static void install(ApplicationContext context) {
        DrainOnSignal handler = new DrainOnSignal(context);
        for (String name : SIGNALS) {
            try {
                Signal.handle(new Signal(name), handler);
            } catch (IllegalArgumentException reserved) {
                LOG.warn("SIG{} stays with the JVM ({}); stopping on it will not drain first", name,
                        reserved.getMessage());
            }
        }
    }

    /**
     * The first signal drains and exits; a second one halts the JVM at once. Exiting there instead would run the
     * shutdown hooks, whose Micronaut hook waits for the context the first signal is still stopping, while the first
     * signal's exit waits for the hooks: neither would ever finish.
     */
    @Override
    public void handle(Signal signal) {
        int status = SIGNALLED_EXIT_BASE + signal.getNumber();
        if (!stopping.compareAndSet(false, true)) {
            LOG.warn("second SIG{} while draining: stopping at once", signal.getName());
            Runtime.getRuntime().halt(status);
        }
        context.stop();
        System.exit(status);
    }
}
