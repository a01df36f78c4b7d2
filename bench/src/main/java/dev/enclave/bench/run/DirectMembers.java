package dev.enclave.bench.run;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.member.MembershipWrites;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.sandbox.LocalAwsSandbox;
import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.table.TableDesign;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Members written straight into the table, as the product writes them (each membership with its copy of the
 * organisation's name and the email record beside it, both stamped with the organisation's incarnation, then the
 * member counter and seats to match), as the application's own principal through the sandbox's gateway: inviting
 * ten thousand members through the API, each accepting, would take the cell most of an hour. The same as the app's
 * test fixture {@code BigOrganisations}, which the bench cannot reach (test code). Also counts a partition's items
 * independently of the product's own counters. The tenant-size cell and the chaos run use it.
 */
public final class DirectMembers implements AutoCloseable {

    private static final int BATCH = 25;
    private static final int THREADS = 4;

    private final DynamoDbClient platform;
    private final String table;

    DirectMembers(ServerUnderTest server, String table) {
        this(server.dynamoDb(), table);
    }

    /** On the sandbox's DynamoDB endpoint {@code dynamoDb} (its gateway), table {@code table}. */
    public DirectMembers(URI dynamoDb, String table) {
        this.platform = DynamoDbClient.builder()
                .endpointOverride(dynamoDb)
                .region(Region.of(LocalAwsSandbox.REGION))
                .credentialsProvider(Principal.localApplication().credentialsProvider())
                .build();
        this.table = table;
    }

    /**
     * Adds {@code count} members {@code <prefix>-<n>} (issuer {@code enclave-local}) to organisation {@code org}, as
     * members from before its log (joined when it was created): they have no events, and the checker does not ask.
     */
    public void add(String org, String prefix, int count) throws Exception {
        TenantId tenant = TenantId.of(org);
        ItemRead<Organisation> organisation = OrganisationReads.item(tenant);
        Organisation read = organisation.mapper().apply(platform.getItem(b -> b.tableName(table)
                .consistentRead(true).key(organisation.key().asMap())).item());
        OrganisationName name = new OrganisationName(read.name(), read.version());
        List<WriteRequest> puts = new ArrayList<>();
        for (int n = 0; n < count; n++) {
            String subject = prefix + "-" + n;
            Membership membership = new Membership(tenant, UserKey.of("enclave-local", subject), subject,
                    "enclave-local", Optional.of(Email.of(subject + "@bench.example")), Set.of(GroupName.MEMBER),
                    read.createdAt(), 1);
            puts.add(put(Incarnations.stamp(MembershipWrites.joined(membership, name, Set.of(), read.incarnation()).item(),
                    read.incarnation())));
            puts.add(put(Incarnations.stamp(MembershipWrites.emailTaken(membership, read.incarnation()).item(), read.incarnation())));
        }
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> batches = new ArrayList<>();
            for (int start = 0; start < puts.size(); start += BATCH) {
                List<WriteRequest> batch = puts.subList(start, Math.min(puts.size(), start + BATCH));
                batches.add(pool.submit(() -> write(batch)));
            }
            for (Future<?> batch : batches) {
                batch.get();
            }
        } finally {
            pool.shutdownNow();
        }
        platform.updateItem(b -> b.tableName(table).key(organisation.key().asMap())
                .updateExpression("SET members = members + :n, seats = seats + :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN(Integer.toString(count)))));
    }

    /** The organisation's memberships, counted by a strongly consistent query of the table. */
    public long memberships(String org) {
        return count(MembershipReads.organisationMembers(TenantId.of(org)));
    }

    /** Every item in the organisation's partition, the organisation item included. */
    public long partitionItems(String org) {
        return count(KeyConditions.partition(ItemKey.tenantPartition(TenantId.of(org))));
    }

    /**
     * The organisation's memberships by the copy of its name each carries (read strongly consistently from the
     * table): after a rename's job, one name for all of them.
     */
    public Map<String, Long> nameCopies(String org) {
        Map<String, Long> copies = new TreeMap<>();
        Expr members = MembershipReads.organisationMembers(TenantId.of(org));
        QueryRequest query = QueryRequest.builder().tableName(table).consistentRead(true)
                .keyConditionExpression(members.text()).expressionAttributeNames(members.names())
                .expressionAttributeValues(members.values()).build();
        platform.queryPaginator(query).items().forEach(item ->
                copies.merge(MembershipReads.MEMBERSHIP.read(item).organisation().name(), 1L, Long::sum));
        return copies;
    }

    private long count(Expr keyCondition) {
        long total = 0;
        Map<String, AttributeValue> start = null;
        do {
            QueryRequest.Builder query = QueryRequest.builder().tableName(table).consistentRead(true)
                    .select(Select.COUNT).keyConditionExpression(keyCondition.text())
                    .expressionAttributeNames(keyCondition.names())
                    .expressionAttributeValues(keyCondition.values());
            if (start != null) {
                query.exclusiveStartKey(start);
            }
            QueryResponse page = platform.query(query.build());
            total += page.count();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return total;
    }

    /**
     * What DynamoDB Local reports as consumed for one transaction of each count of items (puts of small items in a
     * partition of their own, deleted again): DynamoDB bills two units per item of up to 1 KB.
     */
    Map<Integer, Double> reportedTransactionUnits(List<Integer> itemCounts) {
        String partition = ItemKey.tenantPartition(TenantId.of("capacity-probe"));
        Map<Integer, Double> units = new TreeMap<>();
        for (int count : itemCounts) {
            List<TransactWriteItem> puts = new ArrayList<>();
            List<WriteRequest> deletes = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Map<String, AttributeValue> key = Map.of(TableDesign.ENCLAVE.partitionKey(),
                        AttributeValue.fromS(partition), TableDesign.ENCLAVE.sortKey(),
                        AttributeValue.fromS("PROBE#" + i));
                puts.add(TransactWriteItem.builder().put(p -> p.tableName(table).item(key)).build());
                deletes.add(WriteRequest.builder().deleteRequest(d -> d.key(key)).build());
            }
            var response = platform.transactWriteItems(b -> b.transactItems(puts)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
            units.put(count, response.consumedCapacity().stream().mapToDouble(ConsumedCapacity::capacityUnits).sum());
            for (int start = 0; start < deletes.size(); start += BATCH) {
                write(deletes.subList(start, Math.min(deletes.size(), start + BATCH)));
            }
        }
        return units;
    }

    private static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(p -> p.item(item)).build();
    }

    private void write(List<WriteRequest> batch) {
        Map<String, List<WriteRequest>> pending = Map.of(table, batch);
        while (!pending.isEmpty()) {
            Map<String, List<WriteRequest>> request = pending;
            var response = platform.batchWriteItem(b -> b.requestItems(request));
            pending = response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
        }
    }

    @Override
    public void close() {
        platform.close();
    }
}
