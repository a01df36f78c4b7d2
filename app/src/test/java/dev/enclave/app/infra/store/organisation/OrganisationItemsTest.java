package dev.enclave.app.infra.store.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OrganisationItemsTest {

    @Test
    void toItemAndBack_roundTripsEveryField() {
        Organisation organisation = new Organisation(TenantId.of("acme"), "Acme Ltd", 40, 12, OrganisationStatus.SUSPENDED,
                7, Instant.parse("2026-11-22T10:15:30Z"), Optional.of(new Limit(200, 300, 40)));

        var item = OrganisationItems.SCHEMA.toItem(organisation);

        assertThat(OrganisationItems.SCHEMA.fromItem(item)).isEqualTo(organisation);
        assertThat(item.get("PK").s()).isEqualTo("TENANT#acme#");
        assertThat(item.get("SK").s()).isEqualTo("ORG");
        assertThat(item.get("limits").m().get("burst").n()).isEqualTo("300");
    }

    @Test
    void toItemAndBack_withoutLimitsOfItsOwn_writesNoneAndReadsNone() {
        Organisation organisation = Organisation.create(TenantId.of("acme"), "Acme Ltd", Instant.EPOCH);

        var item = OrganisationItems.SCHEMA.toItem(organisation);

        assertThat(item).doesNotContainKey("limits");
        assertThat(OrganisationItems.SCHEMA.fromItem(item)).isEqualTo(organisation);
    }

    @Test
    void renamed_keepsIdentityAndBumpsTheVersion() {
        Organisation organisation = Organisation.create(TenantId.of("acme"), "Old", Instant.EPOCH);

        Organisation renamed = organisation.renamed("New");

        assertThat(renamed.id()).isEqualTo(organisation.id());
        assertThat(renamed.version()).isEqualTo(organisation.version() + 1);
    }
}
