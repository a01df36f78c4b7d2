package dev.enclave.bench.micro;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.member.MembershipWrites;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.app.infra.store.organisation.OrganisationWrites;
import dev.enclave.identity.Email;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The mapping benchmark compares like with like: the hand-built baseline writes and reads the store's own items. */
class HandMappedItemsTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Instant AT = Instant.parse("2026-11-01T10:00:00Z");

    @Test
    void theOrganisationByHand_isTheSchemasItem_andReadsBackTheSame() {
        Organisation organisation = Organisation.create(ACME, "Acme Ltd", AT);

        Map<String, AttributeValue> item = OrganisationWrites.created(organisation).item();

        assertThat(HandMappedItems.organisationToItem(organisation)).isEqualTo(item);
        assertThat(HandMappedItems.organisationFromItem(item))
                .isEqualTo(OrganisationReads.item(ACME).mapper().apply(item));
    }

    @Test
    void theMembershipByHand_isTheSchemasItem_andReadsBackTheSame() {
        Membership membership = new Membership(ACME, UserKey.of("enclave-local", "user-1"), "user-1",
                "enclave-local", Optional.of(Email.of("ada@example.com")), Set.of(GroupName.OWNER, GroupName.MEMBER),
                AT, 3);
        OrganisationName name = new OrganisationName("Acme Ltd", 2);

        Map<String, AttributeValue> item = MembershipWrites.joined(membership, name, Set.of(), new Incarnation("acme1")).item();

        assertThat(HandMappedItems.membershipToItem(membership, name)).isEqualTo(item);
        assertThat(HandMappedItems.membershipFromItem(item)).isEqualTo(membership);
    }
}
