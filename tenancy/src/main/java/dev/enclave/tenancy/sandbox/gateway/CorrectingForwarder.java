package dev.enclave.tenancy.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.tenancy.sandbox.gateway.ConsumedCapacityJson.Detail;
import dev.enclave.tenancy.sandbox.gateway.DynamoDbForwarder.Forwarded;
import dev.enclave.tenancy.sandbox.sigv4.ReceivedRequest;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Forwards allowed requests to DynamoDB Local and corrects its answer where DynamoDB Local does not behave as
 * DynamoDB does:
 * <ul>
 *   <li><b>Capacity of batch and transaction writes</b>: DynamoDB Local does not add up a TransactWriteItems'
 *       items (it reports 4.0 units for one small update and for ten; issue 30 measured 8.0 for 1, 10 and 99 on
 *       Enclave's table), and charges a BatchWriteItem's delete of an absent item 2 units instead of 1. When such
 *       a request asks for {@code ReturnConsumedCapacity}, its answer's {@code ConsumedCapacity} is replaced by the
 *       sum of its items' charges ({@link WriteCapacity}), computed from the items' images before and after.
 *       Single-item writes keep DynamoDB Local's figures, which follow the same rules (the sandbox's ITs check them
 *       against hand-computed figures).</li>
 * </ul>
 * The images before a write are read just before it is forwarded, those after it just after, each with a consistent
 * BatchGetItem, not atomically with the write: a concurrent write to the same item in between shifts a capacity
 * figure by that other write. The sandbox accepts that: capacity figures are for cost estimates, not billing. Not
 * emulated: a TransactWriteItems replayed with the same {@code ClientRequestToken} (DynamoDB changes nothing and
 * charges it as a transactional read) is charged as a write again; PartiQL writes are not recharged.
 */
final class CorrectingForwarder {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> CHARGED_HERE = Set.of("BatchWriteItem", "TransactWriteItems");
    private static final String TRANSACTION = "TransactWriteItems";
    private static final int OK = 200;
    private static final System.Logger LOG = System.getLogger(CorrectingForwarder.class.getName());

    private final DynamoDbForwarder forwarder;
    private final KeySchemas schemas;
    private final ItemImages images;
    private final ItemWrites writes;

    CorrectingForwarder(DynamoDbForwarder forwarder, KeySchemas schemas, ItemImages images) {
        this.forwarder = forwarder;
        this.schemas = schemas;
        this.images = images;
        this.writes = new ItemWrites(schemas::keys);
    }

    Forwarded forward(String operation, ReceivedRequest request) throws IOException {
        if (!CHARGED_HERE.contains(operation)) {
            return forwarder.forward(request);
        }
        Optional<ObjectNode> body = object(request.body());
        Optional<Detail> charged = body.flatMap(ConsumedCapacityJson::requested);
        if (charged.isEmpty()) {
            return forwarder.forward(request);
        }
        List<ItemWrite> touched = writes.of(operation, body.get());
        Optional<Map<ItemKey, Optional<ObjectNode>>> before = touched.isEmpty() ? Optional.empty()
                : imagesOf(touched.stream().map(ItemWrite::key).toList());
        if (before.isEmpty()) {
            return forwarder.forward(request);
        }
        Forwarded answer = forwarder.forward(request);
        Optional<ObjectNode> response = answer.status() == OK ? object(answer.body()) : Optional.empty();
        return response.isEmpty() ? answer : recharged(operation, charged.get(), answer, response.get(), touched,
                before.get());
    }

    /** The answer with its ConsumedCapacity replaced by the sum of the items' charges. */
    private Forwarded recharged(String operation, Detail detail, Forwarded answer, ObjectNode response,
                                List<ItemWrite> touched, Map<ItemKey, Optional<ObjectNode>> before)
            throws IOException {
        Set<ItemKey> unprocessed = writes.unprocessed(response);
        List<ItemWrite> done = touched.stream().filter(w -> !unprocessed.contains(w.key())).toList();
        Optional<List<WriteCapacity.ItemCharge>> charges = charges(operation, done, before);
        if (charges.isEmpty()) {
            return answer;
        }
        response.set("ConsumedCapacity", ConsumedCapacityJson.of(charges.get(), detail,
                TRANSACTION.equals(operation)));
        return answer.withBody(JSON.writeValueAsBytes(response));
    }

    /**
     * The items' images; empty when DynamoDB Local could not be read (the request is then forwarded uncorrected,
     * and DynamoDB Local's own answer tells what went wrong).
     */
    private Optional<Map<ItemKey, Optional<ObjectNode>>> imagesOf(List<ItemKey> keys) {
        try {
            return Optional.of(images.read(keys));
        } catch (SdkException unreadable) {
            LOG.log(System.Logger.Level.WARNING, "items not read from DynamoDB Local; answer left uncorrected",
                    unreadable);
            return Optional.empty();
        }
    }

    private Optional<List<WriteCapacity.ItemCharge>> charges(String operation, List<ItemWrite> done,
                                                             Map<ItemKey, Optional<ObjectNode>> before) {
        Optional<Map<ItemKey, Optional<ObjectNode>>> after = after(done);
        boolean transactional = TRANSACTION.equals(operation);
        return after.map(images -> done.stream().flatMap(w -> schemas.keys(w.key().table()).stream()
                .map(keys -> WriteCapacity.of(w, keys, before.get(w.key()), images.get(w.key()), transactional)))
                .toList());
    }

    /** Each written item as it is now: a put's item as sent, a delete's none, an update's as read back. */
    private Optional<Map<ItemKey, Optional<ObjectNode>>> after(List<ItemWrite> done) {
        return imagesOf(done.stream().filter(w -> w.kind() == ItemWrite.Kind.UPDATE).map(ItemWrite::key).toList())
                .map(updated -> {
                    Map<ItemKey, Optional<ObjectNode>> after = new HashMap<>(updated);
                    done.stream().filter(w -> w.kind() != ItemWrite.Kind.UPDATE)
                            .forEach(w -> after.put(w.key(), w.item()));
                    return after;
                });
    }

    private static Optional<ObjectNode> object(byte[] json) {
        try {
            JsonNode node = JSON.readTree(json);
            return node instanceof ObjectNode object ? Optional.of(object) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
