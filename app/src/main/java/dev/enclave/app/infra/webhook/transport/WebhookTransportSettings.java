package dev.enclave.app.infra.webhook.transport;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/**
 * {@code enclave.webhooks.transport.*}: where webhooks may be posted and how long and how much of an answer is
 * awaited. Outside the local stack webhooks go only over https to public addresses; the local stack allows http and
 * loopback so its walk-through can post to a receiver on the same machine.
 */
@ConfigurationProperties("enclave.webhooks.transport")
public interface WebhookTransportSettings {

    String DEFAULT_TIMEOUT = "15s";
    String DEFAULT_EXCERPT_BYTES = "1024";
    String DEFAULT_MAX_READ_BYTES = "65536";

    /** Whether endpoint URLs must be https; when false, http is accepted too. */
    @Bindable(defaultValue = "true")
    boolean isRequireHttps();

    /** Whether loopback addresses (127.0.0.0/8, ::1) count as public: the local stack only. */
    @Bindable(defaultValue = "false")
    boolean isAllowLoopback();

    /** The longest one attempt takes, from connecting to the last byte of the answer read. */
    @Bindable(defaultValue = DEFAULT_TIMEOUT)
    Duration getTimeout();

    /** How many bytes of an answer's body are kept, as text. */
    @Bindable(defaultValue = DEFAULT_EXCERPT_BYTES)
    int getExcerptBytes();

    /** How many bytes of an answer's body are read at most; the rest is never read. */
    @Bindable(defaultValue = DEFAULT_MAX_READ_BYTES)
    int getMaxReadBytes();
}
