package dev.enclave.app.infra.store.member;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.member.MembershipChanges.Change;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.member.DynamoDbMembershipChanges.Role;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A membership change's outcome is read from the roles that refused, never from where their writes sat. */
class DynamoDbMembershipChangesOutcomeTest {

    private static final Instant JOINED = Instant.parse("2026-11-26T10:00:00.123456Z");
    private static final Map<String, AttributeValue> AT_VERSION_3 = Map.of(MembershipItems.VERSION,
            AttributeValue.fromN("3"), MembershipItems.JOINED_AT, AttributeValue.fromS(JOINED.toString()));

    @Test
    void groupChange_refusedByTheMembershipAtAnExpectedVersion_isUnchanged() {
        assertThat(DynamoDbMembershipChanges.groupChanged(refused(Role.MEMBERSHIP, AT_VERSION_3), Role.MEMBERSHIP,
                Optional.of(ExpectedVersion.exactly(ExpectedVersion.lifeBegan(JOINED), 3)))).isEqualTo(Change.UNCHANGED);
    }

    @Test
    void groupChange_refusedByTheMembershipAtAnotherVersion_isAVersionMismatch() {
        assertThat(DynamoDbMembershipChanges.groupChanged(refused(Role.MEMBERSHIP, AT_VERSION_3), Role.MEMBERSHIP,
                Optional.of(ExpectedVersion.exactly(ExpectedVersion.lifeBegan(JOINED), 2)))).isEqualTo(Change.VERSION_MISMATCH);
    }

    @Test
    void groupChange_refusedByTheMembershipAtTheExpectedVersion_ofAnotherLife_isAVersionMismatch() {
        assertThat(DynamoDbMembershipChanges.groupChanged(refused(Role.MEMBERSHIP, AT_VERSION_3), Role.MEMBERSHIP,
                Optional.of(ExpectedVersion.exactly(ExpectedVersion.lifeBegan(JOINED.minusNanos(1)), 3))))
                .isEqualTo(Change.VERSION_MISMATCH);
    }

    @Test
    void groupChange_refusedByNoMembershipAtAll_isNotAMember() {
        assertThat(DynamoDbMembershipChanges.groupChanged(refused(Role.MEMBERSHIP, Map.of()), Role.MEMBERSHIP,
                Optional.empty())).isEqualTo(Change.NOT_A_MEMBER);
    }

    @Test
    void transfer_refusedByTheFormerOwnersSide_isTheLastOwner_andByTheNewOwnersSide_isAboutThem() {
        assertThat(DynamoDbMembershipChanges.groupChanged(refused(Role.OWNER_LEFT, Map.of()), Role.NEW_OWNER,
                Optional.empty())).isEqualTo(Change.LAST_OWNER);
        assertThat(DynamoDbMembershipChanges.groupChanged(refused(Role.NEW_OWNER, Map.of()), Role.NEW_OWNER,
                Optional.empty())).isEqualTo(Change.NOT_A_MEMBER);
    }

    @Test
    void removal_refusedByTheOwnerCount_isTheLastOwner_unlessTheMembershipChangedToo() {
        assertThat(DynamoDbMembershipChanges.removed(refused(Role.OWNER_LEFT, Map.of()))).isEqualTo(Change.LAST_OWNER);
        assertThat(DynamoDbMembershipChanges.removed(new TransactionOutcome(Map.of(Role.OWNER_LEFT, List.of(Map.of()),
                Role.MEMBERSHIP, List.of(Map.of())), Optional.empty()))).isEqualTo(Change.MEMBERSHIP_CHANGED);
        assertThat(DynamoDbMembershipChanges.removed(TransactionOutcome.COMMITTED)).isEqualTo(Change.DONE);
    }

    private static TransactionOutcome refused(Role role, Map<String, AttributeValue> old) {
        return new TransactionOutcome(Map.of(role, List.of(old)), Optional.empty());
    }
}
