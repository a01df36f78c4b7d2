package dev.enclave.app.domain.webhook;

import java.time.Duration;

/** The bounds webhooks keep, as the platform sets them. */
public interface WebhookLimits {

    /** The most endpoints one organisation may have. */
    int getMaximumEndpoints();

    /** How long the secret an endpoint had before a rotation keeps signing. */
    Duration getRotationOverlap();

    /** How long an endpoint's attempts may keep failing before Enclave disables it. */
    Duration getFailureWindow();
}
