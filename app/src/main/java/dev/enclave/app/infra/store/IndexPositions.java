package dev.enclave.app.infra.store;

import dev.enclave.table.IndexDesign;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a Query of one partition of an index stopped, as a page cursor carries it: the index sort key and the table
 * key of the last item the Query read. The next page starts right after that item, whatever it was (an item a
 * reader skips as not its own still moves the list on), so a page whose items were all skipped does not end the list.
 */
public final class IndexPositions {

    private static final String SEPARATOR = ".";
    private static final int PARTS = 3;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private IndexPositions() {
    }

    /** The position a Query of {@code index} stopped at, from its {@code LastEvaluatedKey}. */
    public static String of(IndexDesign index, Map<String, AttributeValue> lastEvaluatedKey) {
        return Stream.of(index.sortKey(), TableAttributes.PARTITION_KEY, TableAttributes.SORT_KEY)
                .map(name -> ENCODER.encodeToString(lastEvaluatedKey.get(name).s().getBytes(StandardCharsets.UTF_8)))
                .collect(Collectors.joining(SEPARATOR));
    }

    /** Whether {@code position} has the form {@link #of} gives. */
    public static boolean isPosition(String position) {
        String[] parts = position.split(Pattern.quote(SEPARATOR), -1);
        try {
            return parts.length == PARTS && Stream.of(parts).map(IndexPositions::decoded).noneMatch(String::isEmpty);
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
    }

    /** The key a Query of {@code index}'s {@code partition} continues after, from a position {@link #isPosition}. */
    public static Map<String, AttributeValue> start(IndexDesign index, String partition, String position) {
        String[] parts = position.split(Pattern.quote(SEPARATOR), -1);
        return Map.of(index.partitionKey(), AttributeValue.fromS(partition), index.sortKey(),
                AttributeValue.fromS(decoded(parts[0])), TableAttributes.PARTITION_KEY,
                AttributeValue.fromS(decoded(parts[1])), TableAttributes.SORT_KEY, AttributeValue.fromS(decoded(parts[2])));
    }

    private static String decoded(String part) {
        return new String(DECODER.decode(part), StandardCharsets.UTF_8);
    }
}
