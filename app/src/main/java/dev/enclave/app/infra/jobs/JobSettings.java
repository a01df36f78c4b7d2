package dev.enclave.app.infra.jobs;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/**
 * {@code enclave.jobs.*}: how the organisations' background jobs (a rename's copy of the name, a deletion) run.
 * Each job writes at most {@code write-units-per-second} (default 250: a quarter of what one DynamoDB partition
 * takes, so the tenant's own requests are not throttled meanwhile), holds its lease {@code lease} (default 30s)
 * past every page, and each instance runs at most {@code concurrency} jobs at once (default 2). A job that ran for
 * its {@code turn} (default 10s) while another waited lets its worker go to the job that waited. Instances look for
 * jobs nobody holds every {@code poll-interval} (default 5s), first {@code first-poll} after start (default 1s).
 */
@ConfigurationProperties("enclave.jobs")
public interface JobSettings {

    String DEFAULT_WRITE_UNITS_PER_SECOND = "250";
    String DEFAULT_LEASE = "30s";
    String DEFAULT_CONCURRENCY = "2";

    @Bindable(defaultValue = DEFAULT_WRITE_UNITS_PER_SECOND)
    int getWriteUnitsPerSecond();

    @Bindable(defaultValue = DEFAULT_LEASE)
    Duration getLease();

    @Bindable(defaultValue = DEFAULT_CONCURRENCY)
    int getConcurrency();

    @Bindable(defaultValue = "10s")
    Duration getTurn();
}
