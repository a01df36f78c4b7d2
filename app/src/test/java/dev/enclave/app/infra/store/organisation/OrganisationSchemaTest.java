package dev.enclave.app.infra.store.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.support.StoredItem;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The organisation schema reads and writes exactly the item Enclave has always stored. */
class OrganisationSchemaTest {

    private static final Organisation ACME = new Organisation(TenantId.of("acme"), "Acme Ltd", 40, 12,
            OrganisationStatus.ACTIVE, 7, Instant.parse("2026-11-22T10:15:30Z"), Optional.of(new Limit(200, 300, 40)));

    static Map<String, AttributeValue> stored() {
        return StoredItem.inTenant("acme", "ORG", "organisation").s("name", "Acme Ltd").n("seats", 40)
                .n("members", 12).n("owners", 1).s("status", "ACTIVE").n("version", 7)
                .s("createdAt", "2026-11-22T10:15:30Z").s("incarnation", "mwrol61c")
                .with("limits", AttributeValue.fromM(Map.of("requestsPerSecond", n("200"), "burst", n("300"),
                        "concurrent", n("40")))).toMap();
    }

    @Test
    void toItem_writesTheStoredItem() {
        assertThat(OrganisationItems.SCHEMA.toItem(ACME)).isEqualTo(stored());
    }

    @Test
    void storedItem_toRecordAndBack_isTheSameItem() {
        assertThat(OrganisationItems.SCHEMA.fromItem(stored())).isEqualTo(ACME);
        assertThat(OrganisationItems.SCHEMA.toItem(OrganisationItems.SCHEMA.fromItem(stored()))).isEqualTo(stored());
    }

    @Test
    void fromItem_withAnAttributeMissing_fails() {
        Map<String, AttributeValue> item = stored();
        item.remove("members");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> OrganisationItems.SCHEMA.fromItem(item))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void owedWork_recordedOnTheItem_isReadAsADebt() {
        Map<String, AttributeValue> item = stored();
        item.put(OwedWorkItems.OWES, s("RENAME"));
        item.put(OwedWorkItems.OWED_FOR, n("8"));

        assertThat(OwedWorkItems.debt(item)).contains(new OwedWorkItems.Debt(Job.Kind.RENAME, 8));
        assertThat(OwedWorkItems.debt(stored())).isEmpty();
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(String value) {
        return AttributeValue.fromN(value);
    }
}
