package dev.enclave.app.infra.consistency;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The whole table, read page by page with a strongly consistent Scan on the caller's own (platform) credentials:
 * the one read the checker makes, and the only thing its IAM statement allows.
 */
final class TableWalk {

    private final AtomicLong pages = new AtomicLong();
    private final DynamoDbClient dynamoDb;
    private final String table;

    TableWalk(DynamoDbClient dynamoDb, String table) {
        this.dynamoDb = dynamoDb;
        this.table = table;
    }

    /** The items, read as the stream is consumed (once). */
    Stream<Map<String, AttributeValue>> items() {
        return dynamoDb.scanPaginator(scan -> scan.tableName(table).consistentRead(true)).stream()
                .peek(page -> pages.incrementAndGet())
                .flatMap(page -> page.items().stream());
    }

    /** Pages read so far. */
    long pages() {
        return pages.get();
    }
}
