package dev.enclave.app.domain.webhook;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/** The id of a webhook endpoint: {@code ep_} and 20 lowercase hex digits, random. */
public record WebhookEndpointId(String value) {

    public static final String REGEX = "ep_[0-9a-f]{20}";
    private static final Pattern PATTERN = Pattern.compile(REGEX);

    public WebhookEndpointId {
        Objects.requireNonNull(value, "value");
        if (!PATTERN.matcher(value).matches()) {
            throw new IllegalArgumentException("not a webhook endpoint id: " + value);
        }
    }

    public static WebhookEndpointId random(SecureRandom random) {
        byte[] bytes = new byte[10];
        random.nextBytes(bytes);
        return new WebhookEndpointId("ep_" + HexFormat.of().formatHex(bytes));
    }

    /** The id {@code value} spells, if it is one. */
    public static Optional<WebhookEndpointId> parse(String value) {
        return value != null && PATTERN.matcher(value).matches() ? Optional.of(new WebhookEndpointId(value))
                : Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
