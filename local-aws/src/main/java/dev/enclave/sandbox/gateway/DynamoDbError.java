package dev.enclave.sandbox.gateway;

import dev.enclave.sandbox.sigv4.SigV4Callers.Refusal;
import dev.enclave.sandbox.sigv4.SignatureVerdict;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A DynamoDB error in its JSON wire format, {@code {"__type":"com.amazon.coral.service#<type>","message":"..."}}.
 * The SDK takes the part after '#' as the error code: {@code DynamoDbException} with
 * {@code awsErrorDetails().errorCode()} = {@code type}, or the class DynamoDB models for it (a transaction's
 * {@code TransactionCanceledException} carries {@code CancellationReasons}, one code per item in request order).
 */
record DynamoDbError(int status, String type, String message, List<String> cancellationReasons) {

    static final String TRANSACTION_CONFLICT = "TransactionConflict";
    private static final String ONGOING = "Transaction is ongoing for the item";

    DynamoDbError(int status, String type, String message) {
        this(status, type, message, List.of());
    }

    /**
     * A transaction of {@code items} writes cancelled because its first item is in another transaction, as
     * DynamoDB answers it: {@code TransactionConflict} for that item, {@code None} for the others.
     */
    static DynamoDbError transactionConflict(int items) {
        List<String> reasons = new ArrayList<>(Collections.nCopies(Math.max(items, 1), "None"));
        reasons.set(0, TRANSACTION_CONFLICT);
        return transactionConflict(reasons);
    }

    /** A transaction cancelled for the reasons given, one per item in request order ({@code None} for the rest). */
    static DynamoDbError transactionConflict(List<String> reasons) {
        return new DynamoDbError(400, "TransactionCanceledException", "Transaction cancelled, please refer "
                + "cancellation reasons for specific reasons " + reasons.toString(), List.copyOf(reasons));
    }

    /** A transaction sent with the {@code ClientRequestToken} of one still running. */
    static DynamoDbError transactionInProgress() {
        return new DynamoDbError(400, "TransactionInProgressException",
                "Transaction from previous request is still in progress");
    }

    /** A single-item write to an item another transaction holds. */
    static DynamoDbError itemInTransaction() {
        return new DynamoDbError(400, "TransactionConflictException", ONGOING);
    }

    static DynamoDbError accessDenied(String principalArn, RequiredAuthorization refused, String because) {
        return new DynamoDbError(400, "AccessDeniedException", "User: " + principalArn + " is not authorized to "
                + "perform: " + refused.action() + " on resource: " + refused.resource() + " " + because);
    }

    static DynamoDbError refusing(Refusal refusal) {
        return switch (refusal) {
            case MISSING_AUTHENTICATION -> missingAuthentication();
            case INCOMPLETE_SIGNATURE -> incompleteSignature();
            case UNRECOGNIZED_CLIENT -> unrecognizedClient();
            case EXPIRED_TOKEN -> expiredToken();
        };
    }

    private static DynamoDbError missingAuthentication() {
        return new DynamoDbError(400, "MissingAuthenticationTokenException", "Request is missing Authentication Token");
    }

    private static DynamoDbError incompleteSignature() {
        return new DynamoDbError(400, "IncompleteSignatureException", "Authorization header requires 'Credential', "
                + "'Signature' and 'SignedHeaders' parameters with the AWS4-HMAC-SHA256 algorithm.");
    }

    private static DynamoDbError unrecognizedClient() {
        return new DynamoDbError(400, "UnrecognizedClientException",
                "The security token included in the request is invalid.");
    }

    private static DynamoDbError expiredToken() {
        return new DynamoDbError(400, "ExpiredTokenException", "The security token included in the request is expired");
    }

    static DynamoDbError invalidSignature(SignatureVerdict verdict) {
        return new DynamoDbError(400, "InvalidSignatureException", verdict.message());
    }

    static DynamoDbError unknownOperation() {
        return new DynamoDbError(400, "UnknownOperationException", "");
    }

    static DynamoDbError serialization() {
        return new DynamoDbError(400, "SerializationException", "Start of structure or map found where not expected.");
    }

    /** A request DynamoDB would refuse as invalid, or one the sandbox cannot answer as DynamoDB would. */
    static DynamoDbError validation(String message) {
        return new DynamoDbError(400, "ValidationException", message);
    }

    static DynamoDbError throttling() {
        return new DynamoDbError(400, "ThrottlingException", "Rate of requests exceeds the allowed throughput.");
    }

    static DynamoDbError provisionedThroughputExceeded() {
        return new DynamoDbError(400, "ProvisionedThroughputExceededException", "The level of configured "
                + "provisioned throughput for the table was exceeded. Consider increasing your provisioning level "
                + "with the UpdateTable API.");
    }

    static DynamoDbError internalServerError() {
        return new DynamoDbError(500, "InternalServerError", "Internal server error");
    }

    static DynamoDbError serviceUnavailable() {
        return new DynamoDbError(503, "ServiceUnavailable", "Service unavailable");
    }

    static DynamoDbError requestTooLarge() {
        return new DynamoDbError(413, "RequestEntityTooLarge", "Request entity too large");
    }

    byte[] json() {
        return ("{\"__type\":\"com.amazon.coral.service#" + type + "\",\"message\":\"" + escape(message) + "\""
                + reasonsJson() + "}").getBytes(StandardCharsets.UTF_8);
    }

    private String reasonsJson() {
        if (cancellationReasons.isEmpty()) {
            return "";
        }
        List<String> reasons = cancellationReasons.stream().map(DynamoDbError::reasonJson).toList();
        return ",\"CancellationReasons\":[" + String.join(",", reasons) + "]";
    }

    private static String reasonJson(String code) {
        return TRANSACTION_CONFLICT.equals(code) ? "{\"Code\":\"" + code + "\",\"Message\":\"" + ONGOING + "\"}"
                : "{\"Code\":\"" + code + "\"}";
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
