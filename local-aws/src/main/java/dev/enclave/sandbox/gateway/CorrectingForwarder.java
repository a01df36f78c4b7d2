package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.sandbox.gateway.ConsumedCapacityJson.Detail;
import dev.enclave.sandbox.gateway.DynamoDbForwarder.Forwarded;
import dev.enclave.sandbox.gateway.TableKeys.IndexKeys;
import dev.enclave.sandbox.sigv4.ReceivedRequest;
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
 *   <li><b>Index lag</b> (when {@link IndexLag} is on): every write that passes the gateway (PutItem, UpdateItem,
 *       DeleteItem, BatchWriteItem, TransactWriteItems) on a table with global secondary indexes is noted with the
 *       images of the items it touches, read just before it is forwarded; a Query or Scan of a global secondary
 *       index is answered as the index was a lag ago ({@link LaggingIndexRead}). Table reads (GetItem,
 *       BatchGetItem, TransactGetItems, Query and Scan without an index) stay current: consistent reads are current
 *       on DynamoDB too, and eventually consistent table reads, which DynamoDB may also answer stale, are left
 *       current here. Local secondary indexes, and reads asking {@code ConsistentRead}, stay current too.</li>
 *   <li><b>Capacity of batch and transaction writes</b>: DynamoDB Local does not add up a TransactWriteItems'
 *       items (it reports 4.0 units for one small update and for ten; issue 30 measured 8.0 for 1, 10 and 99 on
 *       Enclave's table), and charges a BatchWriteItem's delete of an absent item 2 units instead of 1. When such
 *       a request asks for {@code ReturnConsumedCapacity}, its answer's {@code ConsumedCapacity} is replaced by the
 *       sum of its items' charges ({@link WriteCapacity}), computed from the items' images before and after.
 *       Single-item writes keep DynamoDB Local's figures, which follow the same rules (the sandbox's ITs check them
 *       against hand-computed figures).</li>
 * </ul>
 * The images before a write are read just before it is forwarded, those after it just after, each with a consistent
 * BatchGetItem, not atomically with the write: a concurrent write to the same item in between shifts what the lag
 * shows or a capacity figure by that other write. The sandbox accepts that: the lag it shows is still a state the
 * item held recently, and capacity figures are for cost estimates, not billing. Not emulated: a TransactWriteItems
 * replayed with the same {@code ClientRequestToken} (DynamoDB changes nothing and charges it as a transactional
 * read) is charged as a write again; PartiQL writes neither lag nor are recharged.
 * A Query whose key condition DynamoDB refuses before reading (a {@code BETWEEN} with reversed bounds, which DynamoDB
 * Local answers with no items) is refused here as DynamoDB refuses it.
 */
final class CorrectingForwarder {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
            "TransactWriteItems");
    private static final Set<String> CHARGED_HERE = Set.of("BatchWriteItem", "TransactWriteItems");
    private static final Set<String> INDEX_READS = Set.of("Query", "Scan");
    private static final String TRANSACTION = "TransactWriteItems";
    private static final int OK = 200;
    private static final System.Logger LOG = System.getLogger(CorrectingForwarder.class.getName());

    private final DynamoDbForwarder forwarder;
    private final KeySchemas schemas;
    private final ItemImages images;
    private final IndexLag lag;
    private final ItemWrites writes;

    CorrectingForwarder(DynamoDbForwarder forwarder, KeySchemas schemas, ItemImages images, IndexLag lag) {
        this.forwarder = forwarder;
        this.schemas = schemas;
        this.images = images;
        this.lag = lag;
        this.writes = new ItemWrites(schemas::keys);
    }

    Forwarded forward(String operation, ReceivedRequest request) throws IOException {
        boolean write = WRITES.contains(operation);
        boolean corrected = CHARGED_HERE.contains(operation)
                || lag.on() && (write || INDEX_READS.contains(operation));
        boolean query = "Query".equals(operation);
        Optional<ObjectNode> body = corrected || query ? object(request.body()) : Optional.empty();
        Optional<String> refused = body.flatMap(read -> refusal(operation, read));
        if (refused.isPresent()) {
            return Forwarded.of(DynamoDbError.validation(refused.get()));
        }
        if (!corrected || body.isEmpty()) {
            return forwarder.forward(request);
        }
        return write ? write(operation, body.get(), request) : read(operation, body.get(), request);
    }

    private Forwarded write(String operation, ObjectNode body, ReceivedRequest request) throws IOException {
        Optional<Detail> charged = CHARGED_HERE.contains(operation) ? ConsumedCapacityJson.requested(body)
                : Optional.empty();
        boolean lagging = lag.on();
        List<ItemWrite> touched = charged.isPresent() || lagging ? writes.of(operation, body) : List.of();
        List<ItemWrite> onIndexes = lagging ? touched.stream().filter(this::changesAnIndexedTable).toList()
                : List.of();
        List<ItemWrite> imaged = charged.isPresent() ? touched : onIndexes;
        Optional<Map<TableItemKey, Optional<ObjectNode>>> before = imaged.isEmpty() ? Optional.empty()
                : imagesOf(imaged.stream().map(ItemWrite::key).toList());
        if (before.isEmpty()) {
            return forwarder.forward(request);
        }
        Written written = forwardNoting(request, subset(before.get(), onIndexes));
        return charged.isEmpty() ? written.answer()
                : recharged(operation, charged.get(), written, touched, before.get());
    }

    /** A write forwarded: DynamoDB Local's answer, its body when it succeeded, and what it left unprocessed. */
    private record Written(Forwarded answer, Optional<ObjectNode> response, Set<TableItemKey> unprocessed) {
    }

    /** Forwards a write, noting its changes to indexed items for the lag first and withdrawing those not made. */
    private Written forwardNoting(ReceivedRequest request, Map<TableItemKey, Optional<ObjectNode>> onIndexes)
            throws IOException {
        List<IndexLag.Change> noted = onIndexes.isEmpty() ? List.of() : lag.noteWrites(onIndexes);
        Forwarded answer = forwarder.forward(request);
        Optional<ObjectNode> response = answer.status() == OK ? object(answer.body()) : Optional.empty();
        Set<TableItemKey> unprocessed = response.map(writes::unprocessed).orElse(Set.of());
        lag.withdraw(answer.status() != OK ? noted
                : noted.stream().filter(change -> unprocessed.contains(change.key())).toList());
        return new Written(answer, response, unprocessed);
    }

    /** The answer with its ConsumedCapacity replaced by the sum of the items' charges. */
    private Forwarded recharged(String operation, Detail detail, Written written, List<ItemWrite> touched,
                                Map<TableItemKey, Optional<ObjectNode>> before) throws IOException {
        if (written.response().isEmpty()) {
            return written.answer();
        }
        List<ItemWrite> done = touched.stream().filter(w -> !written.unprocessed().contains(w.key())).toList();
        Optional<List<WriteCapacity.ItemCharge>> charges = charges(operation, done, before);
        if (charges.isEmpty()) {
            return written.answer();
        }
        ObjectNode response = written.response().get();
        response.set("ConsumedCapacity", ConsumedCapacityJson.of(charges.get(), detail,
                TRANSACTION.equals(operation)));
        return written.answer().withBody(JSON.writeValueAsBytes(response));
    }

    private boolean changesAnIndexedTable(ItemWrite write) {
        return write.kind().changes()
                && schemas.keys(write.key().table()).map(TableKeys::hasGlobalIndexes).orElse(false);
    }

    private static Map<TableItemKey, Optional<ObjectNode>> subset(Map<TableItemKey, Optional<ObjectNode>> images,
                                                             List<ItemWrite> of) {
        Map<TableItemKey, Optional<ObjectNode>> subset = new HashMap<>();
        of.forEach(write -> subset.put(write.key(), images.get(write.key())));
        return subset;
    }

    /**
     * The items' images; empty when DynamoDB Local could not be read (the request is then forwarded uncorrected,
     * and DynamoDB Local's own answer tells what went wrong).
     */
    private Optional<Map<TableItemKey, Optional<ObjectNode>>> imagesOf(List<TableItemKey> keys) {
        try {
            return Optional.of(images.read(keys));
        } catch (SdkException unreadable) {
            LOG.log(System.Logger.Level.WARNING, "items not read from DynamoDB Local; answer left uncorrected",
                    unreadable);
            return Optional.empty();
        }
    }

    private Optional<List<WriteCapacity.ItemCharge>> charges(String operation, List<ItemWrite> done,
                                                             Map<TableItemKey, Optional<ObjectNode>> before) {
        Optional<Map<TableItemKey, Optional<ObjectNode>>> after = after(done);
        boolean transactional = TRANSACTION.equals(operation);
        return after.map(images -> done.stream().flatMap(w -> schemas.keys(w.key().table()).stream()
                .map(keys -> WriteCapacity.of(w, keys, before.get(w.key()), images.get(w.key()), transactional)))
                .toList());
    }

    /** Each written item as it is now: a put's item as sent, a delete's none, an update's as read back. */
    private Optional<Map<TableItemKey, Optional<ObjectNode>>> after(List<ItemWrite> done) {
        return imagesOf(done.stream().filter(w -> w.kind() == ItemWrite.Kind.UPDATE).map(ItemWrite::key).toList())
                .map(updated -> {
                    Map<TableItemKey, Optional<ObjectNode>> after = new HashMap<>(updated);
                    done.stream().filter(w -> w.kind() != ItemWrite.Kind.UPDATE)
                            .forEach(w -> after.put(w.key(), w.item()));
                    return after;
                });
    }

    /** Why DynamoDB would refuse a Query's key condition where DynamoDB Local answers it, if it would. */
    private static Optional<String> refusal(String operation, ObjectNode body) {
        if (!"Query".equals(operation) || !body.hasNonNull("KeyConditionExpression")) {
            return Optional.empty();
        }
        try {
            return KeyCondition.parse(body.path("KeyConditionExpression").asText(),
                    body.path("ExpressionAttributeNames"), body.path("ExpressionAttributeValues")).refusal();
        } catch (IllegalArgumentException notReadHere) {
            return Optional.empty();
        }
    }

    private Forwarded read(String operation, ObjectNode body, ReceivedRequest request) throws IOException {
        String tableName = DynamoDbAuthorizations.tableName(body.path("TableName").asText());
        Optional<TableKeys> table = schemas.keys(tableName);
        Optional<IndexKeys> index = table.flatMap(keys -> keys.index(body.path("IndexName").asText("")))
                .filter(IndexKeys::global);
        if (index.isEmpty() || body.path("ConsistentRead").asBoolean(false)) {
            return forwarder.forward(request);
        }
        LaggingIndexRead lagging;
        try {
            lagging = LaggingIndexRead.of(operation, body, table.get(), index.get());
        } catch (IllegalArgumentException notEmulated) {
            return Forwarded.of(DynamoDbError.validation("The sandbox's index lag (" + lag.duration() + ", "
                    + "enclave.local.index-lag) cannot answer this " + operation + ": " + notEmulated.getMessage()));
        }
        Forwarded answer = forwarder.forward(request);
        Map<TableItemKey, Optional<ObjectNode>> asOfLag = lag.asOfLag(tableName);
        Optional<ObjectNode> current = answer.status() == OK ? object(answer.body()) : Optional.empty();
        if (asOfLag.isEmpty() || current.isEmpty()) {
            return answer;
        }
        return answer.withBody(JSON.writeValueAsBytes(lagging.answer(current.get(), asOfLag)));
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
