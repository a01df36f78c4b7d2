package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

class ConflictedTransactionsTest {

    @Test
    void aTransactionLosingOnlyToAnother_isAConflict() {
        assertThat(TransactionOutcome.conflicted(cancelled("None", "TransactionConflict"))).isTrue();
        assertThat(TransactionOutcome.conflicted(TransactionConflictException.builder().message("ongoing").build()))
                .isTrue();
    }

    @Test
    void aRefusedCondition_decides_evenBesideAConflict() {
        assertThat(TransactionOutcome.conflicted(cancelled("ConditionalCheckFailed", "TransactionConflict"))).isFalse();
        assertThat(TransactionOutcome.conflicted(cancelled("ConditionalCheckFailed", "None"))).isFalse();
    }

    @Test
    void otherFailures_areNoConflict() {
        assertThat(TransactionOutcome.conflicted(cancelled("None", "ThrottlingError"))).isFalse();
        assertThat(TransactionOutcome.conflicted(ProvisionedThroughputExceededException.builder().build())).isFalse();
    }

    private static TransactionCanceledException cancelled(String... codes) {
        return TransactionCanceledException.builder().cancellationReasons(Arrays.stream(codes)
                .map(code -> CancellationReason.builder().code(code).build()).toList()).build();
    }
}
