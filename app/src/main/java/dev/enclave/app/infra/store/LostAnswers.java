package dev.enclave.app.infra.store;

import dev.enclave.app.domain.outcome.Backoff;
import java.io.IOException;
import java.util.List;
import java.util.UUID;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

/**
 * A transaction whose answer was lost (the call timed out, the connection dropped, DynamoDB answered 5xx) may have
 * committed all the same. It is sent again with the same {@code ClientRequestToken}, which DynamoDB answers as it
 * answered the first for ten minutes without applying it twice: so a request learns what happened instead of
 * answering 503 for a change that is in the table, and an Idempotency-Key retry of that 503 running it again.
 */
final class LostAnswers {

    /** How often a transaction whose answer was lost is sent again, each time within the call's own timeout. */
    static final int RESENDS = 2;
    /** The backoff round a resend after "still in progress" starts at: hundreds of milliseconds. */
    private static final int IN_PROGRESS_ROUND = 6;

    private LostAnswers() {
    }

    static String token() {
        return UUID.randomUUID().toString();
    }

    /**
     * Sends {@code items} as one transaction, again with {@code token} while the answer is lost. One still in
     * progress after the resends is answered as DynamoDB being unavailable (503), never as a fault of Enclave's.
     */
    static void send(DynamoDbClient client, List<TransactWriteItem> items, String token) {
        for (int resend = 0; ; resend++) {
            try {
                client.transactWriteItems(b -> b.transactItems(items).clientRequestToken(token));
                return;
            } catch (SdkClientException | DynamoDbException fault) {
                if (!lost(fault)) {
                    throw fault;
                }
                if (resend == RESENDS) {
                    throw fault instanceof TransactionInProgressException ? ApiCallTimeoutException.builder()
                            .message("the transaction was still in progress after its resends").cause(fault).build()
                            : fault;
                }
                pause(fault, resend);
            }
        }
    }

    /**
     * Whether {@code fault} leaves the outcome unknown: a timeout, a connection that failed, a 5xx, or the same token
     * still in flight. A refusal (a cancellation, a validation error, throttling after the SDK's retries, the guard's
     * refusal of a request that never left) is an answer.
     */
    static boolean lost(RuntimeException fault) {
        if (fault instanceof ApiCallTimeoutException || fault instanceof ApiCallAttemptTimeoutException) {
            return true;
        }
        if (fault instanceof TransactionInProgressException) {
            return true;
        }
        if (fault instanceof DynamoDbException service) {
            return service.statusCode() >= 500;
        }
        return causedByIo(fault);
    }

    private static boolean causedByIo(Throwable fault) {
        for (Throwable cause = fault.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    /** A transaction still in progress takes its time to finish; other losses are sent again at once, jittered. */
    private static void pause(RuntimeException fault, int resend) {
        Backoff.pause(fault instanceof TransactionInProgressException ? IN_PROGRESS_ROUND + resend : resend + 1);
    }
}
