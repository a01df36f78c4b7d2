package dev.enclave.app.infra.startup;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;

/**
 * The container's health check command, for images without a shell or curl:
 * {@code java -cp /app/enclave-app.jar dev.enclave.app.infra.startup.HealthProbe [path]} asks the server on loopback
 * ({@code MICRONAUT_SERVER_PORT}, else 8080) for {@code path} ({@code /health/liveness} by default) and exits 0 when
 * it answers 200, else 1. It loads nothing but the JDK's HTTP client, so it starts in a fraction of a second.
 */
public final class HealthProbe {

    static final String LIVENESS = "/health/liveness";
    private static final int TIMEOUT_MILLIS = 3000;

    private HealthProbe() {
    }

    public static void main(String[] args) {
        String path = args.length > 0 ? args[0] : LIVENESS;
        String port = System.getenv().getOrDefault("MICRONAUT_SERVER_PORT", "8080");
        System.exit(status(URI.create("http://127.0.0.1:" + port + path)) == 200 ? 0 : 1);
    }

    /** The status {@code uri} answers with, or -1 when it does not answer in time. */
    static int status(URI uri) {
        try {
            HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
            connection.setConnectTimeout(TIMEOUT_MILLIS);
            connection.setReadTimeout(TIMEOUT_MILLIS);
            try {
                int status = connection.getResponseCode();
                System.out.println(uri.getPath() + " " + status);
                return status;
            } finally {
                connection.disconnect();
            }
        } catch (IOException noAnswer) {
            System.out.println(uri.getPath() + " no answer: " + noAnswer.getMessage());
            return -1;
        }
    }
}
