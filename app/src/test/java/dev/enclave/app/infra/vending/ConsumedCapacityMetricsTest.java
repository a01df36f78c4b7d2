package dev.enclave.app.infra.vending;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

class ConsumedCapacityMetricsTest {

    @Test
    void conditionsRefused_andTransactionsCancelled_areRefusedCalls() {
        assertThat(ConsumedCapacityMetrics.failureOutcome(ConditionalCheckFailedException.builder().build()))
                .isEqualTo("refused");
        assertThat(ConsumedCapacityMetrics.failureOutcome(TransactionCanceledException.builder().build()))
                .isEqualTo("refused");
    }

    @Test
    void throttlingAndFaults_areErrors() {
        assertThat(ConsumedCapacityMetrics.failureOutcome(ProvisionedThroughputExceededException.builder().build()))
                .isEqualTo("error");
        assertThat(ConsumedCapacityMetrics.failureOutcome(SdkClientException.create("no answer")))
                .isEqualTo("error");
    }
}
