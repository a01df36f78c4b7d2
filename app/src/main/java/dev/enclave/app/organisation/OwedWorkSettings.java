package dev.enclave.app.organisation;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/**
 * {@code enclave.owed-work.*}: how often the sweeper looks for owed work ({@code sweep-interval}, default 10s, and
 * once {@code first-sweep} after start, default 1s), and how old a debt must be before it takes it over from the
 * request that recorded it ({@code grace}, default 10s).
 */
@ConfigurationProperties("enclave.owed-work")
public interface OwedWorkSettings {

    String DEFAULT_GRACE = "10s";

    @Bindable(defaultValue = DEFAULT_GRACE)
    Duration getGrace();
}
