package dev.enclave.app.infra.store;

import dev.enclave.app.domain.outcome.Backoff;
import java.util.List;
import java.util.UUID;
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

    private LostAnswers() {
    }

    static String token() {
        return UUID.randomUUID().toString();
    }

    /** Sends {@code items} as one transaction, again with {@code token} while the answer is lost. */
    static void send(DynamoDbClient client, List<TransactWriteItem> items, String token) {
        for (int resend = 0; ; resend++) {
            try {
                client.transactWriteItems(b -> b.transactItems(items).clientRequestToken(token));
                return;
            } catch (SdkClientException | DynamoDbException fault) {
                if (resend == RESENDS || !lost(fault)) {
                    throw fault;
                }
                Backoff.pause(resend + 1);
            }
        }
    }

    /**
     * Whether {@code fault} leaves the outcome unknown: no answer, a 5xx, or the same token still in flight. A
     * refusal (a cancellation, a validation error, throttling after the SDK's retries) is an answer.
     */
    static boolean lost(RuntimeException fault) {
        if (fault instanceof SdkClientException) {
            return true;
        }
        return fault instanceof TransactionInProgressException
                || fault instanceof DynamoDbException service && service.statusCode() >= 500;
    }
}
