package dev.enclave.app.domain.webhook;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Objects;

/**
 * An endpoint's signing secret as Standard Webhooks spells it: {@code whsec_} and the base64 of 32 random bytes.
 * Shown once, when made; the store keeps it sealed.
 */
public final class WebhookSecret {

    public static final String PREFIX = "whsec_";
    private static final int BYTES = 32;

    private final String value;

    private WebhookSecret(String value) {
        this.value = Objects.requireNonNull(value, "value");
        if (!value.startsWith(PREFIX)) {
            throw new IllegalArgumentException("a webhook secret starts with " + PREFIX);
        }
    }

    public static WebhookSecret random(SecureRandom random) {
        byte[] bytes = new byte[BYTES];
        random.nextBytes(bytes);
        return new WebhookSecret(PREFIX + Base64.getEncoder().encodeToString(bytes));
    }

    /** A secret read back from where it was kept. */
    public static WebhookSecret of(String value) {
        return new WebhookSecret(value);
    }

    /** The secret itself: for the one answer that shows it, for sealing and for signing. */
    public String reveal() {
        return value;
    }

    @Override
    public String toString() {
        return "WebhookSecret[whsec_…]";
    }
}
