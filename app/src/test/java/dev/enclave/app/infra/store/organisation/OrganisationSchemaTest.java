package dev.enclave.app.infra.store.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The organisation schema reads and writes exactly the item Enclave has always stored. */
class OrganisationSchemaTest {

    private static final Organisation ACME = new Organisation(TenantId.of("acme"), "Acme Ltd", 40, 12,
            OrganisationStatus.ACTIVE, 7, Instant.parse("2026-11-22T10:15:30Z"), Optional.of(new Limit(200, 300, 40)));

    static Map<String, AttributeValue> stored() {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("PK", s("TENANT#acme#"));
        item.put("SK", s("ORG"));
        item.put("type", s("organisation"));
        item.put("tenant", s("acme"));
        item.put("name", s("Acme Ltd"));
        item.put("seats", n("40"));
        item.put("members", n("12"));
        item.put("owners", n("1"));
        item.put("status", s("ACTIVE"));
        item.put("version", n("7"));
        item.put("createdAt", s("2026-11-22T10:15:30Z"));
        item.put("incarnation", s("mwrol61c"));
        item.put("limits", AttributeValue.fromM(Map.of("requestsPerSecond", n("200"), "burst", n("300"),
                "concurrent", n("40"))));
        return item;
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
