package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.sandbox.gateway.TableKeys.IndexKeys;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A Query or Scan of a global secondary index, answered as the index was {@link IndexLag lag} ago. DynamoDB Local
 * answers from the current index; this then takes out every item changed within the lag and puts back, where it
 * belongs, each such item's image from before its changes, when that image was in the index (it had the index's
 * keys), and, for a Query, is in the queried partition and satisfies the key condition (re-evaluated on the image,
 * see {@link KeyCondition}). The image is projected as the index projects it, then as the request's
 * {@code ProjectionExpression} does.
 *
 * <p>Order, {@code Limit} and pages, and what is approximated:
 * <ul>
 *   <li>a Query's page covers the index positions after its {@code ExclusiveStartKey} up to its
 *       {@code LastEvaluatedKey}; an older image is put into the page whose range holds its position, in
 *       {@code ScanIndexForward} order (positions: the index sort key, then the table keys — DynamoDB Local's order
 *       among equal index sort keys may differ, so such items may sit in another order within a page, never in two
 *       pages or none);</li>
 *   <li>a page that gains items beyond {@code Limit} is cut at {@code Limit} with a {@code LastEvaluatedKey} there;
 *       a page that loses items keeps fewer than {@code Limit} (as with a filter): clients follow
 *       {@code LastEvaluatedKey}, not the count;</li>
 *   <li>a Scan puts older images back on its last page (of segment 0), which may then hold more than
 *       {@code Limit};</li>
 *   <li>{@code Count} and {@code ScannedCount} count the items answered; {@code ConsumedCapacity} is DynamoDB
 *       Local's, for the current index;</li>
 *   <li>what is not emulated is refused rather than answered current: a {@code FilterExpression} (and the legacy
 *       {@code KeyConditions}, {@code QueryFilter}, {@code ScanFilter}, {@code AttributesToGet}),
 *       {@code Select: COUNT}, and a {@code ProjectionExpression} with nested paths or without the table's and the
 *       index's key attributes.</li>
 * </ul>
 */
final class LaggingIndexRead {

    private static final Set<String> NOT_EMULATED = Set.of("FilterExpression", "KeyConditions", "QueryFilter",
            "ScanFilter", "AttributesToGet", "ConditionalOperator");
    private static final String ITEMS = "Items";
    private static final String LAST_KEY = "LastEvaluatedKey";

    private final boolean query;
    private final TableKeys table;
    private final IndexKeys index;
    private final Optional<KeyCondition> condition;
    private final Comparator<JsonNode> order;
    private final OptionalInt limit;
    private final Optional<JsonNode> exclusiveStart;
    private final Optional<Set<String>> projection;
    private final boolean firstSegment;

    private LaggingIndexRead(boolean query, TableKeys table, IndexKeys index, JsonNode body) {
        this.query = query;
        this.table = table;
        this.index = index;
        this.condition = query ? Optional.of(KeyCondition.parse(body.path("KeyConditionExpression").asText(""),
                body.path("ExpressionAttributeNames"), body.path("ExpressionAttributeValues"))) : Optional.empty();
        Comparator<JsonNode> forward = positions();
        this.order = body.path("ScanIndexForward").asBoolean(true) ? forward : forward.reversed();
        this.limit = body.has("Limit") ? OptionalInt.of(body.path("Limit").asInt()) : OptionalInt.empty();
        this.exclusiveStart = Optional.ofNullable(body.get("ExclusiveStartKey"));
        this.projection = projection(body);
        this.firstSegment = body.path("Segment").asInt(0) == 0;
    }

    /**
     * @param operation {@code Query} or {@code Scan}
     * @throws IllegalArgumentException when the read asks for what the lag does not emulate (the message says what)
     */
    static LaggingIndexRead of(String operation, JsonNode body, TableKeys table, IndexKeys index) {
        for (String field : NOT_EMULATED) {
            if (body.has(field)) {
                throw new IllegalArgumentException(field + " is not emulated on an index read");
            }
        }
        if ("COUNT".equals(body.path("Select").asText())) {
            throw new IllegalArgumentException("Select COUNT is not emulated on an index read");
        }
        return new LaggingIndexRead("Query".equals(operation), table, index, body);
    }

    /** DynamoDB Local's answer, changed into the index's answer as of the lag. */
    ObjectNode answer(ObjectNode current, Map<TableItemKey, Optional<ObjectNode>> asOfLag) {
        List<JsonNode> items = new ArrayList<>();
        current.path(ITEMS).forEach(item -> {
            if (table.keyOf(item).map(key -> !asOfLag.containsKey(key)).orElse(true)) {
                items.add(item);
            }
        });
        int removed = current.path(ITEMS).size() - items.size();
        List<ObjectNode> older = olderEntries(asOfLag, current.get(LAST_KEY));
        older.forEach(entry -> insert(items, entry));
        List<JsonNode> answered = cut(items, current);
        ArrayNode out = current.putArray(ITEMS);
        answered.forEach(out::add);
        current.put("Count", answered.size());
        current.put("ScannedCount", Math.max(answered.size(), current.path("ScannedCount").asInt() - removed
                + older.size()));
        return current;
    }

    /** The index entries, as of the lag, of the items changed since that belong in this page. */
    private List<ObjectNode> olderEntries(Map<TableItemKey, Optional<ObjectNode>> asOfLag, JsonNode lastKey) {
        return asOfLag.values().stream().flatMap(Optional::stream)
                .flatMap(image -> table.entry(index, image).stream())
                .filter(entry -> condition.map(c -> c.matches(entry)).orElse(true))
                .filter(entry -> inPage(entry, lastKey)).map(this::project).toList();
    }

    private boolean inPage(JsonNode entry, JsonNode lastKey) {
        if (!query) {
            return lastKey == null && firstSegment;
        }
        return exclusiveStart.map(start -> order.compare(entry, start) > 0).orElse(true)
                && (lastKey == null || order.compare(entry, lastKey) <= 0);
    }

    private void insert(List<JsonNode> items, ObjectNode entry) {
        int at = items.size();
        if (query) {
            for (int i = 0; i < items.size(); i++) {
                if (order.compare(entry, items.get(i)) < 0) {
                    at = i;
                    break;
                }
            }
        }
        items.add(at, entry);
    }

    /** At most {@code Limit} items, with the {@code LastEvaluatedKey} of the last one when the page was cut. */
    private List<JsonNode> cut(List<JsonNode> items, ObjectNode current) {
        if (!query || limit.isEmpty() || items.size() <= limit.getAsInt()) {
            return items;
        }
        List<JsonNode> kept = items.subList(0, limit.getAsInt());
        current.set(LAST_KEY, position(kept.get(kept.size() - 1)));
        return kept;
    }

    /** The table's and the index's key attributes of an entry: its position, as a LastEvaluatedKey names it. */
    private ObjectNode position(JsonNode entry) {
        ObjectNode key = table.primary().project(entry);
        key.setAll(index.key().project(entry));
        return key;
    }

    private ObjectNode project(ObjectNode entry) {
        if (projection.isEmpty()) {
            return entry;
        }
        ObjectNode projected = entry.objectNode();
        projection.get().stream().filter(entry::has).forEach(name -> projected.set(name, entry.get(name)));
        return projected;
    }

    /** Index sort key, then table partition and sort keys; ascending. */
    private Comparator<JsonNode> positions() {
        List<String> attributes = Stream.of(index.key().sort().stream(), Stream.of(table.primary().partition()),
                table.primary().sort().stream()).flatMap(s -> s).toList();
        return (a, b) -> {
            for (String attribute : attributes) {
                int order = ScalarValues.compare(a.get(attribute), b.get(attribute)).orElse(0);
                if (order != 0) {
                    return order;
                }
            }
            return 0;
        };
    }

    /** The top-level attributes a ProjectionExpression names, which must include every key attribute. */
    private Optional<Set<String>> projection(JsonNode body) {
        if (!body.hasNonNull("ProjectionExpression")) {
            return Optional.empty();
        }
        Set<String> names = new LinkedHashSet<>();
        for (String path : body.path("ProjectionExpression").asText().split(",")) {
            String name = path.trim();
            if (!name.matches("#?[A-Za-z0-9_]+")) {
                throw new IllegalArgumentException("a ProjectionExpression path other than a top-level attribute ('"
                        + name + "') is not emulated on an index read");
            }
            names.add(name.startsWith("#") ? body.path("ExpressionAttributeNames").path(name).asText() : name);
        }
        if (!Stream.concat(table.primary().names(), index.key().names()).allMatch(names::contains)) {
            throw new IllegalArgumentException("a ProjectionExpression without the table's and the index's key "
                    + "attributes is not emulated on an index read");
        }
        return Optional.of(names);
    }
}
