package dev.enclave.app.edge.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.tenancy.guard.GuardViolation;
import dev.enclave.tenancy.guard.IsolationViolationException;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

class DynamoDbFaultHandlerTest {

    @Test
    void aDependencysPassingFaults_areTransient() {
        assertThat(DynamoDbFaultHandler.isTransient(ProvisionedThroughputExceededException.builder()
                .awsErrorDetails(details("ProvisionedThroughputExceededException")).statusCode(400).build())).isTrue();
        assertThat(DynamoDbFaultHandler.isTransient(service("InternalServerError", 500))).isTrue();
        assertThat(DynamoDbFaultHandler.isTransient(ApiCallTimeoutException.create(5000))).isTrue();
        assertThat(DynamoDbFaultHandler.isTransient(SdkClientException.create("dropped",
                new IOException("Connection reset")))).isTrue();
    }

    @Test
    void ourOwnFaults_areNot() {
        assertThat(DynamoDbFaultHandler.isTransient(new IsolationViolationException(
                new GuardViolation("GetItem", "foreign-key", "TENANT#other#")))).isFalse();
        assertThat(DynamoDbFaultHandler.isTransient(service("ValidationException", 400))).isFalse();
        assertThat(DynamoDbFaultHandler.isTransient(service("AccessDeniedException", 400))).isFalse();
        assertThat(DynamoDbFaultHandler.isTransient(SdkClientException.create("unmarshalling failed"))).isFalse();
    }

    private static DynamoDbException service(String code, int status) {
        return (DynamoDbException) DynamoDbException.builder().awsErrorDetails(details(code)).statusCode(status)
                .build();
    }

    private static AwsErrorDetails details(String code) {
        return AwsErrorDetails.builder().errorCode(code).errorMessage(code).build();
    }
}
