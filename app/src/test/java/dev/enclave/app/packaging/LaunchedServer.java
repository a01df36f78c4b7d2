package dev.enclave.app.packaging;

import static org.awaitility.Awaitility.await;

import dev.enclave.app.support.Api;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

/**
 * A server a test started in a process of its own (a jar, an image), its output going to {@code log}: the port it
 * says it listens on, and waits for what it answers, each failing with the server's log to read.
 */
record LaunchedServer(Process process, Path log) {

    private static final Pattern SERVER_RUNNING = Pattern.compile("Server Running: http://[^:/]+:(\\d+)");

    /** What the server wrote so far. */
    String output() {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The port the server's HTTP server reports it listens on (the server picks it, see the callers); fails if the
     * process ends first or reports none within {@code timeout}.
     */
    int listeningPort(Duration timeout) {
        try {
            return await().atMost(timeout).failFast("the server's process ended", () -> !process.isAlive())
                    .until(this::reportedPort, Optional::isPresent).orElseThrow();
        } catch (ConditionTimeoutException | TerminalFailureException e) {
            throw new AssertionError("the server reported no port within " + timeout + ":\n" + output(), e);
        }
    }

    /** An {@link Api} on the server's port, once it reports one. */
    Api api(Duration timeout) {
        return new Api(URI.create("http://127.0.0.1:" + listeningPort(timeout)));
    }

    /** Waits until GET {@code path} answers {@code status}; a refused connection counts as not yet. */
    void awaitStatus(Api api, String path, int status, Duration timeout) {
        try {
            await().atMost(timeout).ignoreExceptions().until(() -> api.get(path, null).status() == status);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("GET " + path + " did not answer " + status + " within " + timeout + ":\n"
                    + output(), e);
        }
    }

    private Optional<Integer> reportedPort() {
        return SERVER_RUNNING.matcher(output()).results().findFirst().map(running -> Integer.parseInt(running.group(1)));
    }
}
