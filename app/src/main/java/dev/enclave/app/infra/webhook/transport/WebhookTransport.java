package dev.enclave.app.infra.webhook.transport;

import java.net.URI;
import java.util.Map;

/** Posts one webhook attempt and says what became of it; never follows a redirect and never retries. */
public interface WebhookTransport {

    /**
     * Posts {@code body} (JSON) to {@code url} with {@code headers}, once, if the URL and every address its host
     * resolves to may be posted to.
     */
    AttemptOutcome post(URI url, Map<String, String> headers, byte[] body);
}
