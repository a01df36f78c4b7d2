package dev.enclave.app.infra.settings;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/** Which table Enclave uses ({@code enclave.table.*}). */
@ConfigurationProperties("enclave.table")
public interface TableSettings {

    /** The single table's name. */
    String getName();

    /** Whether to create the table at start-up when absent (local run and tests; never in AWS). */
    @Bindable(defaultValue = "false")
    boolean isBootstrap();
}
