package dev.enclave.app.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.identity.TenantId;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class OrganisationItemsTest {

    @Test
    void toItemAndBack_roundTripsEveryField() {
        Organisation organisation = new Organisation(TenantId.of("acme"), "Acme Ltd", 40, 12, OrganisationStatus.SUSPENDED,
                7, Instant.parse("2026-11-22T10:15:30Z"));

        var item = OrganisationItems.toItem(organisation);

        assertThat(OrganisationItems.fromItem(item)).isEqualTo(organisation);
        assertThat(item.get("PK").s()).isEqualTo("TENANT#acme#");
        assertThat(item.get("SK").s()).isEqualTo("ORG");
    }

    @Test
    void renamed_keepsIdentityAndBumpsTheVersion() {
        Organisation organisation = Organisation.create(TenantId.of("acme"), "Old", Instant.EPOCH);

        Organisation renamed = organisation.renamed("New");

        assertThat(renamed.id()).isEqualTo(organisation.id());
        assertThat(renamed.version()).isEqualTo(organisation.version() + 1);
    }
}
