package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.apikey.ApiKeyReads;
import dev.enclave.app.infra.store.apikey.ApiKeyWrites;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.TenantId;
import java.io.PrintStream;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The upgrade step for API keys created before keys had lookup entries (the checker names them
 * {@code KEY_LOOKUP_MISSING}; they cannot authenticate until this has run): walks the table once and writes each such
 * key's lookup entry, only where none is yet, unconfirmed and due at once: the servers' background pass keeps it if
 * its key is still there and removes it if the key was revoked meanwhile. Safe to run again and to stop half-way;
 * run it with an operator's credentials (it writes, which the application role's checker statement does not allow).
 *
 * <pre>java -cp enclave-app.jar dev.enclave.app.infra.consistency.ApiKeyLookupBackfill --table enclave</pre>
 */
public final class ApiKeyLookupBackfill {

    private ApiKeyLookupBackfill() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; answers its exit status (0 done, 2 usage or a fault). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return UpgradeCommand.run("ApiKeyLookupBackfill", args, out, err, (dynamoDb, table) -> {
            Counts counts = backfill(dynamoDb, table);
            return new UpgradeCommand.Result(String.format("%d API keys: %d lookup entries written, %d already"
                    + " there, %d of organisations gone", counts.keys(), counts.written(), counts.present(),
                    counts.orphaned()), ConsistencyCheck.CLEAN);
        });
    }

    /** Writes the missing lookup entries of {@code table}'s keys; answers what it found. */
    public static Counts backfill(DynamoDbClient dynamoDb, String table) {
        Counts counts = new Counts(0, 0, 0, 0);
        var keys = new TableWalk(dynamoDb, table).items().filter(ApiKeyLookupBackfill::isKeyItem).toList();
        for (Map<String, AttributeValue> item : keys) {
            counts = counts.plus(backfill(dynamoDb, table, ApiKeyReads.API_KEY.read(item)));
        }
        return counts;
    }

    private static Counts backfill(DynamoDbClient dynamoDb, String table, ApiKey key) {
        Optional<Organisation> organisation = organisation(dynamoDb, table, key.tenant())
                .filter(found -> found.status() != OrganisationStatus.DELETING);
        if (organisation.isEmpty()) {
            return new Counts(1, 0, 0, 1);
        }
        Write.Put entry = ApiKeyWrites.unconfirmedLookupEntry(key, organisation.get().incarnation(), Instant.now());
        Expr absent = entry.condition().orElseThrow();
        try {
            dynamoDb.putItem(b -> b.tableName(table).item(entry.item()).conditionExpression(absent.text())
                    .expressionAttributeNames(absent.namesOrNull()));
            return new Counts(1, 1, 0, 0);
        } catch (ConditionalCheckFailedException present) {
            return new Counts(1, 0, 1, 0);
        }
    }

    private static Optional<Organisation> organisation(DynamoDbClient dynamoDb, String table, TenantId tenant) {
        ItemRead<Organisation> read = OrganisationReads.item(tenant);
        Map<String, AttributeValue> item = dynamoDb.getItem(b -> b.tableName(table).consistentRead(true)
                .key(read.key().asMap())).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(read.mapper().apply(item));
    }

    private static boolean isKeyItem(Map<String, AttributeValue> item) {
        return Namespace.of(new TableItem(item).partitionKey()) instanceof Namespace.Control
                && ApiKeyReads.API_KEY.holds(new TableItem(item).sortKey());
    }

    /** What a backfill found: keys, entries written, entries already there, keys of organisations gone. */
    public record Counts(long keys, long written, long present, long orphaned) {

        Counts plus(Counts other) {
            return new Counts(keys + other.keys, written + other.written, present + other.present,
                    orphaned + other.orphaned);
        }
    }
}
