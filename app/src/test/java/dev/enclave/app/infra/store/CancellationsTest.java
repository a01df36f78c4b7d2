package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

class CancellationsTest {

    @Test
    void aTransactionLosingOnlyToAnother_isAConflict() {
        assertThat(Cancellations.conflicted(cancelled("None", "TransactionConflict"))).isTrue();
        assertThat(Cancellations.conflicted(TransactionConflictException.builder().message("ongoing").build()))
                .isTrue();
    }

    @Test
    void aRefusedCondition_decides_evenBesideAConflict() {
        assertThat(Cancellations.conflicted(cancelled("ConditionalCheckFailed", "TransactionConflict"))).isFalse();
        assertThat(Cancellations.conflicted(cancelled("ConditionalCheckFailed", "None"))).isFalse();
    }

    @Test
    void otherFailures_areNoConflict() {
        assertThat(Cancellations.conflicted(cancelled("None", "ThrottlingError"))).isFalse();
        assertThat(Cancellations.conflicted(ProvisionedThroughputExceededException.builder().build())).isFalse();
    }

    private static TransactionCanceledException cancelled(String... codes) {
        return TransactionCanceledException.builder().cancellationReasons(Arrays.stream(codes)
                .map(code -> CancellationReason.builder().code(code).build()).toList()).build();
    }
}
