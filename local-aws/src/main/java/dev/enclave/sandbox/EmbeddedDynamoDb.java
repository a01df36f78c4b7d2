package dev.enclave.sandbox;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.jetty.server.AbstractNetworkConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;

/**
 * DynamoDB Local started in this process on a loopback port, with {@code -sharedDb} so every access key (and so
 * every tenant's temporary credentials) sees one database. Persisted under a directory, or in memory for tests.
 * Part of the local sandbox: never started outside the {@code local} run and tests.
 */
public final class EmbeddedDynamoDb implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";

    private final DynamoDBProxyServer server;
    private final int port;

    private EmbeddedDynamoDb(DynamoDBProxyServer server, int port) {
        this.server = server;
        this.port = port;
    }

    /** Starts an in-memory database on a free loopback port. */
    public static EmbeddedDynamoDb inMemory() {
        return start(Optional.empty(), 0);
    }

    /**
     * Starts DynamoDB Local.
     *
     * @param dataDirectory where to persist the database; empty for in memory
     * @param port          the loopback port, or 0 for a free one
     */
    public static EmbeddedDynamoDb start(Optional<Path> dataDirectory, int port) {
        int chosen = port == 0 ? freeLoopbackPort() : port;
        List<String> args = new ArrayList<>(List.of("-port", Integer.toString(chosen), "-sharedDb",
                "-disableTelemetry"));
        dataDirectory.ifPresentOrElse(dir -> args.addAll(List.of("-dbPath", createDirectories(dir).toString())),
                () -> args.add("-inMemory"));
        try {
            DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(args.toArray(String[]::new));
            bindToLoopback(server);
            server.start();
            return new EmbeddedDynamoDb(server, chosen);
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local could not start on port " + chosen + ": " + e, e);
        }
    }

    /** The HTTP endpoint SDK clients use. */
    public URI endpoint() {
        return URI.create("http://" + LOOPBACK + ":" + port);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("DynamoDB Local did not stop cleanly", e);
        }
    }

    /** DynamoDB Local has no host option; its Jetty connector is bound to loopback before it starts. */
    private static void bindToLoopback(DynamoDBProxyServer proxy) throws ReflectiveOperationException {
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        Server jetty = (Server) field.get(proxy);
        for (Connector connector : jetty.getConnectors()) {
            if (connector instanceof AbstractNetworkConnector network) {
                network.setHost(LOOPBACK);
            }
        }
    }

    private static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }

    private static Path createDirectories(Path dir) {
        try {
            return Files.createDirectories(dir).toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create DynamoDB Local data directory " + dir, e);
        }
    }
}
