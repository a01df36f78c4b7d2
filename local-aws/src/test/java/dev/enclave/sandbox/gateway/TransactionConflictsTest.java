package dev.enclave.sandbox.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.sandbox.gateway.DynamoDbForwarder.Forwarded;
import dev.enclave.sandbox.gateway.TableKeys.KeyAttributes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What overlaps a transaction in flight, decided by calling the gateway again from inside the forwarding of a first
 * transaction: no timing involved.
 */
class TransactionConflictsTest {

    private static final TableKeys TABLE = new TableKeys("t", new KeyAttributes("PK", Optional.of("SK")), List.of());
    private static final Forwarded OK = new Forwarded(200, Optional.empty(), Map.of(), new byte[0]);

    private final TransactionConflicts conflicts = new TransactionConflicts(Optional.of(Duration.ZERO),
            new ItemWrites(name -> name.equals("t") ? Optional.of(TABLE) : Optional.empty()));
    private final List<String> forwarded = new ArrayList<>();

    @Test
    void whileATransactionRuns_anotherOnOneOfItsItemsIsCancelledForThatItem_andNotForwarded() throws IOException {
        List<Forwarded> during = new ArrayList<>();

        Forwarded first = conflicts.forward("TransactWriteItems", transaction("Update", "a", "ConditionCheck", "b"),
                () -> {
                    during.add(conflicts.forward("TransactWriteItems", transaction("Put", "c", "Delete", "b"),
                            forwarding("second")));
                    during.add(conflicts.forward("TransactWriteItems", transaction("Put", "c", "Put", "d"),
                            forwarding("unrelated")));
                    return forwarding("first").call();
                });

        assertThat(first.status()).isEqualTo(200);
        assertThat(during.get(0).status()).isEqualTo(400);
        assertThat(error(during.get(0)).get("__type").asText()).endsWith("#TransactionCanceledException");
        assertThat(error(during.get(0)).get("CancellationReasons").findValuesAsText("Code"))
                .containsExactly("None", "TransactionConflict");
        assertThat(during.get(1).status()).isEqualTo(200);
        assertThat(forwarded).containsExactly("unrelated", "first");
        assertThat(conflicts.refused()).isEqualTo(1);
    }

    @Test
    void whileATransactionRuns_aSingleWriteOfOneOfItsItemsFails_andOneOfAnotherItemGoesThrough() throws IOException {
        List<Forwarded> during = new ArrayList<>();

        conflicts.forward("TransactWriteItems", transaction("Update", "a"), () -> {
            during.add(conflicts.forward("UpdateItem", single("Key", "a"), forwarding("same item")));
            during.add(conflicts.forward("PutItem", single("Item", "z"), forwarding("other item")));
            return forwarding("first").call();
        });

        assertThat(error(during.get(0)).get("__type").asText()).endsWith("#TransactionConflictException");
        assertThat(during.get(1).status()).isEqualTo(200);
        assertThat(forwarded).containsExactly("other item", "first");
    }

    /**
     * An SDK retry of a transaction whose answer was late carries the first send's token: while the first runs,
     * DynamoDB answers it as still in progress, never as a conflict (which would say nothing was written while the
     * first commits); once the first ended, it is forwarded (DynamoDB Local answers a token it ran as done).
     */
    @Test
    void aResendOfATransactionInFlight_withItsToken_isInProgress_andForwardedOnceItEnded() throws IOException {
        List<Forwarded> during = new ArrayList<>();

        conflicts.forward("TransactWriteItems", withToken(transaction("Update", "a"), "t-1"), () -> {
            during.add(conflicts.forward("TransactWriteItems", withToken(transaction("Update", "a"), "t-1"),
                    forwarding("resend")));
            during.add(conflicts.forward("TransactWriteItems", withToken(transaction("Update", "a"), "t-2"),
                    forwarding("another")));
            return forwarding("first").call();
        });
        Forwarded after = conflicts.forward("TransactWriteItems", withToken(transaction("Update", "a"), "t-1"),
                forwarding("resend after"));

        assertThat(error(during.get(0)).get("__type").asText()).endsWith("#TransactionInProgressException");
        assertThat(error(during.get(1)).get("__type").asText()).endsWith("#TransactionCanceledException");
        assertThat(after.status()).isEqualTo(200);
        assertThat(forwarded).containsExactly("first", "resend after");
    }

    @Test
    void afterATransactionEnds_itsItemsAreFree_evenWhenDynamoDbLocalFailed() throws IOException {
        try {
            conflicts.forward("TransactWriteItems", transaction("Update", "a"), () -> {
                throw new IOException("DynamoDB Local went away");
            });
        } catch (IOException expected) {
            // the items are released all the same
        }
        conflicts.forward("TransactWriteItems", transaction("Update", "a"), forwarding("after"));

        assertThat(forwarded).containsExactly("after");
        assertThat(conflicts.refused()).isZero();
    }

    @Test
    void whenOff_nothingConflicts() throws IOException {
        conflicts.off();

        conflicts.forward("TransactWriteItems", transaction("Update", "a"), () -> {
            conflicts.forward("TransactWriteItems", transaction("Update", "a"), forwarding("second"));
            return forwarding("first").call();
        });

        assertThat(forwarded).containsExactly("second", "first");
    }

    private TransactionConflicts.Forward forwarding(String name) {
        return () -> {
            forwarded.add(name);
            return OK;
        };
    }

    /** A TransactWriteItems body of (action, sort key) pairs on table t. */
    private static byte[] transaction(String... actionsAndKeys) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < actionsAndKeys.length; i += 2) {
            String part = actionsAndKeys[i].equals("Put") ? "Item" : "Key";
            items.add("{\"" + actionsAndKeys[i] + "\":{\"TableName\":\"t\",\"" + part + "\":"
                    + key(actionsAndKeys[i + 1]) + "}}");
        }
        return ("{\"TransactItems\":[" + String.join(",", items) + "]}").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] withToken(byte[] transaction, String token) {
        String body = new String(transaction, StandardCharsets.UTF_8);
        return (body.substring(0, body.length() - 1) + ",\"ClientRequestToken\":\"" + token + "\"}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] single(String part, String sortKey) {
        return ("{\"TableName\":\"t\",\"" + part + "\":" + key(sortKey) + "}").getBytes(StandardCharsets.UTF_8);
    }

    private static String key(String sortKey) {
        return "{\"PK\":{\"S\":\"p\"},\"SK\":{\"S\":\"" + sortKey + "\"}}";
    }

    private static JsonNode error(Forwarded answer) throws IOException {
        return new ObjectMapper().readTree(answer.body());
    }
}
