package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

class RefusedTransactionsTest {

    private enum Role implements WriteRole { INVITATION, NOT_YET_A_MEMBER, SEAT_AVAILABLE }

    private static final Map<String, AttributeValue> ORGANISATION = Map.of("version", AttributeValue.fromN("4"));
    private static final Transaction ACCEPT = Transaction.builder()
            .create(Role.INVITATION, item("INVITATION#1"))
            .create(Role.NOT_YET_A_MEMBER, item("MEMBER#1"))
            .create(Role.NOT_YET_A_MEMBER, item("MEMBER_EMAIL#1"))
            .check(Role.SEAT_AVAILABLE, new ItemKey("TENANT#acme#", "ORG"), Expr.exists())
            .build();

    @Test
    void read_whenOneWriteRefuses_namesItsRole_withTheItemAsItWas() {
        TransactionOutcome outcome = TransactionOutcome.read(ACCEPT, cancelled(none(), none(), none(), refused(ORGANISATION)));

        assertThat(outcome.committed()).isFalse();
        assertThat(outcome.refusedRoles()).containsExactly(Role.SEAT_AVAILABLE);
        assertThat(outcome.oldItem(Role.SEAT_AVAILABLE)).contains(ORGANISATION);
        assertThat(outcome.refused(Role.NOT_YET_A_MEMBER)).isFalse();
    }

    @Test
    void read_whenAnyWriteOfARoleRefuses_theRoleRefused_evenWithNoItem() {
        TransactionOutcome outcome = TransactionOutcome.read(ACCEPT, cancelled(none(), none(), refused(Map.of()), none()));

        assertThat(outcome.refusedRoles()).containsExactly(Role.NOT_YET_A_MEMBER);
        assertThat(outcome.oldItem(Role.NOT_YET_A_MEMBER)).isEmpty();
        assertThat(outcome.refusedAny(Role.INVITATION, Role.NOT_YET_A_MEMBER)).isTrue();
    }

    @Test
    void read_whenARefusalSitsBesideAConflict_isARefusal() {
        TransactionOutcome outcome = TransactionOutcome.read(ACCEPT,
                cancelled(code("TransactionConflict"), refused(Map.of()), none(), none()));

        assertThat(outcome.refusedRoles()).containsExactly(Role.NOT_YET_A_MEMBER);
    }

    @Test
    void read_whenItOnlyLostToAnotherTransaction_throwsTheConflict() {
        TransactionCanceledException conflict = cancelled(none(), code("TransactionConflict"), none(), none());

        assertThatThrownBy(() -> TransactionOutcome.read(ACCEPT, conflict)).isSameAs(conflict);
    }

    @Test
    void read_whenNoConditionRefused_butItFailedOtherwise_throwsTheFault() {
        TransactionCanceledException throttled = cancelled(code("ThrottlingError"), none(), none(), none());

        assertThatThrownBy(() -> TransactionOutcome.read(ACCEPT, throttled)).isSameAs(throttled);
    }

    @Test
    void outcome_ofARefusal_keepsTheCancellation_forWritesThatNeverRefuseByDesign() {
        TransactionCanceledException cancellation = cancelled(refused(Map.of()), none(), none(), none());

        assertThat(TransactionOutcome.read(ACCEPT, cancellation).unexpected()).isSameAs(cancellation);
    }

    private static Map<String, AttributeValue> item(String sortKey) {
        return new ItemKey("TENANT#acme#", sortKey).asMap();
    }

    private static CancellationReason none() {
        return code("None");
    }

    private static CancellationReason code(String code) {
        return CancellationReason.builder().code(code).build();
    }

    private static CancellationReason refused(Map<String, AttributeValue> old) {
        return CancellationReason.builder().code("ConditionalCheckFailed").item(old).build();
    }

    private static TransactionCanceledException cancelled(CancellationReason... reasons) {
        return TransactionCanceledException.builder().message("cancelled")
                .cancellationReasons(Arrays.asList(reasons)).build();
    }
}
