package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.tenancy.guard.GuardViolation;
import dev.enclave.tenancy.guard.IsolationViolationException;
import java.net.SocketException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

class LostAnswersTest {

    @Test
    void noAnswer_aFailedConnection_a5xx_orTheSameTokenInFlight_leaveTheOutcomeUnknown() {
        assertThat(LostAnswers.lost(ApiCallTimeoutException.create(5000))).isTrue();
        assertThat(LostAnswers.lost(ApiCallAttemptTimeoutException.create(2000))).isTrue();
        assertThat(LostAnswers.lost(SdkClientException.create("dropped", new SocketException("reset")))).isTrue();
        assertThat(LostAnswers.lost(DynamoDbException.builder().statusCode(500).message("internal").build())).isTrue();
        assertThat(LostAnswers.lost(TransactionInProgressException.builder().statusCode(400).build())).isTrue();
    }

    @Test
    void aRefusal_isAnAnswer_notSentAgain() {
        assertThat(LostAnswers.lost(TransactionCanceledException.builder().statusCode(400).build())).isFalse();
        assertThat(LostAnswers.lost(DynamoDbException.builder().statusCode(400).message("validation").build()))
                .isFalse();
        assertThat(LostAnswers.lost(new IsolationViolationException(new GuardViolation("TransactWriteItems",
                "foreign key", "TENANT#beta#")))).as("the guard's refusal: nothing was sent").isFalse();
        assertThat(LostAnswers.lost(SdkClientException.create("unreadable", new IllegalStateException()))).isFalse();
    }
}
