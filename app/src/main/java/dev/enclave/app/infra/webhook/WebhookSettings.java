package dev.enclave.app.infra.webhook;

import dev.enclave.app.domain.webhook.WebhookLimits;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/**
 * {@code enclave.webhooks.*}: at most {@code maximum-endpoints} per organisation (default 10); a rotated secret
 * keeps signing for {@code rotation-overlap} (24h); an endpoint failing for {@code failure-window} (5d) is disabled.
 * Each instance runs {@code concurrency} attempts at once (default 8), holds a delivery for {@code lease} per attempt
 * (default 60s, past the 15 s request timeout), and looks for due deliveries every {@code poll-interval} (1s).
 */
@ConfigurationProperties("enclave.webhooks")
public interface WebhookSettings extends WebhookLimits {

    @Override
    @Bindable(defaultValue = "10")
    int getMaximumEndpoints();

    @Override
    @Bindable(defaultValue = "24h")
    Duration getRotationOverlap();

    @Override
    @Bindable(defaultValue = "5d")
    Duration getFailureWindow();

    @Bindable(defaultValue = "8")
    int getConcurrency();

    @Bindable(defaultValue = "60s")
    Duration getLease();
}
