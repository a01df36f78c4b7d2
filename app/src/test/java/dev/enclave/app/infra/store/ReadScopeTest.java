package dev.enclave.app.infra.store;

import static dev.enclave.app.infra.store.CheckedItemsTest.item;
import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ReadScopeTest {

    private static final TenantId VICTIM = TenantId.of("victim");
    private static final UserKey ADA = UserKey.of("issuer", "ada");
    private static final String ADA_ENTRY = ADA.prefix().value();
    private static final ReadScope ADAS_ORGANISATIONS = ReadScope.ownEntries(ADA.prefix(), "ORG#");
    private static final ReadScope ADAS_INVITATIONS = ReadScope.ownEntries(EmailKey.of(dev.enclave.identity.Email.of("ada@x.io")).prefix(),
            "INVITATION#");

    @Test
    void tenant_admitsItsOwnPartition_only() {
        assertThat(ReadScope.tenant(VICTIM).admits(item("TENANT#victim#", "INVITATION#1"))).isTrue();
        assertThat(ReadScope.tenant(VICTIM).admits(item("TENANT#evil#", "INVITATION#1"))).isFalse();
        assertThat(ReadScope.tenant(VICTIM).admits(item("TENANT#victim2#", "INVITATION#1"))).isFalse();
        assertThat(ReadScope.tenant(VICTIM).admits(item("TENANT#victim#DATA#k3j9#", "X"))).isFalse();
        assertThat(ReadScope.tenant(VICTIM).admits(Map.of("SK", AttributeValue.fromS("X")))).isFalse();
    }

    @Test
    void tenant_refusesAnItemClaimingAnotherTenant_butAPartitionWalkTakesIt() {
        Map<String, AttributeValue> claimsEvil = item("TENANT#victim#", "MEMBER#a", "tenant", "evil");

        assertThat(ReadScope.tenant(VICTIM).admits(claimsEvil)).isFalse();
        assertThat(ReadScope.partition(VICTIM).admits(claimsEvil)).isTrue();
        assertThat(ReadScope.partition(VICTIM).admits(item("TENANT#evil#", "MEMBER#a"))).isFalse();
        assertThat(ReadScope.tenant(VICTIM).admits(item("TENANT#victim#", "MEMBER#a", "tenant", "victim")))
                .isTrue();
    }

    @Test
    void ownEntries_admitsAMembershipInThePartitionOfTheTenantItNames() {
        assertThat(ADAS_ORGANISATIONS.admits(item("TENANT#acme#", "MEMBER#" + ADA.digest(),
                "GSI2PK", ADA_ENTRY, "GSI2SK", "ORG#acme", "tenant", "acme"))).isTrue();
    }

    @Test
    void ownEntries_refusesAnEntryPlantedFromAnotherTenantsPartition() {
        assertThat(ADAS_ORGANISATIONS.admits(item("TENANT#evil#", "MEMBER#x",
                "GSI2PK", ADA_ENTRY, "GSI2SK", "ORG#fake", "tenant", "fake"))).isFalse();
        assertThat(ADAS_ORGANISATIONS.admits(item("TENANT#evil#", "MEMBER#x", "GSI2PK", ADA_ENTRY,
                "GSI2SK", "ORG#fake"))).isFalse();
        assertThat(ADAS_ORGANISATIONS.admits(item("TENANT#evil#", "MEMBER#x",
                "GSI2PK", ADA_ENTRY, "GSI2SK", "ORG#evil", "tenant", "victim"))).isFalse();
    }

    @Test
    void ownEntries_refusesSomeoneElsesEntry_andUnreadableSortKeys() {
        assertThat(ADAS_ORGANISATIONS.admits(item("TENANT#acme#", "MEMBER#x",
                "GSI2PK", UserKey.of("issuer", "bob").prefix().value(), "GSI2SK", "ORG#acme"))).isFalse();
        assertThat(ADAS_ORGANISATIONS.admits(item("TENANT#acme#", "MEMBER#x", "GSI2PK", ADA_ENTRY,
                "GSI2SK", "ORG#ACME!"))).isFalse();
        assertThat(ADAS_ORGANISATIONS.admits(item("TENANT#acme#", "MEMBER#x", "GSI2PK", ADA_ENTRY,
                "GSI2SK", "INVITATION#acme#1"))).isFalse();
    }

    @Test
    void ownEntries_readsTheTenantOfAnInvitationsSortKey() {
        String entry = EmailKey.of(dev.enclave.identity.Email.of("ada@x.io")).prefix().value();

        assertThat(ADAS_INVITATIONS.admits(item("TENANT#acme#", "INVITATION#1", "GSI2PK", entry,
                "GSI2SK", "INVITATION#acme#1", "tenant", "acme"))).isTrue();
        assertThat(ADAS_INVITATIONS.admits(item("TENANT#evil#", "INVITATION#1", "GSI2PK", entry,
                "GSI2SK", "INVITATION#acme#1", "tenant", "acme"))).isFalse();
    }
}
