package dev.enclave.app.infra.webhook;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.EmptyWebhookSecretException;
import com.standardwebhooks.exceptions.WebhookSigningException;
import dev.enclave.app.domain.webhook.WebhookSecret;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The Standard Webhooks headers of one attempt: {@code webhook-id} (the event's id, the same on every attempt),
 * {@code webhook-timestamp} (Unix seconds) and {@code webhook-signature}, one {@code v1,<base64 HMAC-SHA256>} per
 * secret that signs (two, space separated, while a rotation's overlap lasts). Signed by the Standard Webhooks
 * library.
 */
final class WebhookSigner {

    static final String ID = "webhook-id";
    static final String TIMESTAMP = "webhook-timestamp";
    static final String SIGNATURE = "webhook-signature";

    private WebhookSigner() {
    }

    static Map<String, String> headers(String eventId, Instant at, String body, List<WebhookSecret> secrets) {
        long seconds = at.getEpochSecond();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(ID, eventId);
        headers.put(TIMESTAMP, Long.toString(seconds));
        headers.put(SIGNATURE, secrets.stream().map(secret -> sign(secret, eventId, seconds, body))
                .collect(Collectors.joining(" ")));
        return headers;
    }

    private static String sign(WebhookSecret secret, String eventId, long seconds, String body) {
        try {
            return new Webhook(secret.reveal()).sign(eventId, seconds, body);
        } catch (EmptyWebhookSecretException | WebhookSigningException unsignable) {
            throw new IllegalStateException("a webhook secret that cannot sign", unsignable);
        }
    }
}
