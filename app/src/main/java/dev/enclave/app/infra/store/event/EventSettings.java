package dev.enclave.app.infra.store.event;

import dev.enclave.app.domain.onboarding.ChangingTenant;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/** How long organisations keep their events, and how an export reads them ({@code enclave.events.*}). */
@ConfigurationProperties("enclave.events")
public interface EventSettings {

    /** Days an organisation keeps its events unless a platform admin set its own (1 to 365). */
    @Bindable(defaultValue = "30")
    @Min(1)
    @Max(ChangingTenant.MAX_RETENTION_DAYS)
    int getRetentionDays();

    /**
     * Events an audit-log export reads with each page (1 to 1000): the reader's access is read again before each
     * further page.
     */
    @Bindable(defaultValue = "500")
    @Min(1)
    @Max(1000)
    int getExportPage();
}
