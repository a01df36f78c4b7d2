package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.infra.store.member.MemberDependents;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.service.ServiceReads;
import dev.enclave.app.infra.store.service.ServiceWrites;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The upgrade step for tables written before memberships recorded their service groups exactly (the checker names
 * the difference {@code SERVICE_GROUP_RECORD}): a service deleted by an older version left its groups recorded on
 * its members' memberships, and assignments older still were never recorded. Since service groups carry
 * permissions, checked on those records, this walks the table once and makes each membership record exactly the
 * assignments there are, at the version it read (a membership changed meanwhile is left for the next run). Safe to
 * run again and to stop half-way; run it with an operator's credentials, like {@link ApiKeyLookupBackfill}.
 *
 * <pre>java -cp enclave-app.jar dev.enclave.app.infra.consistency.ServiceGroupRecordsRepair --table enclave</pre>
 */
public final class ServiceGroupRecordsRepair {

    /**
     * The most assignments the write checks are still there (with the membership, DynamoDB's 100 items). A member in
     * more is recorded as the Scan found them: it reads a partition's memberships ({@code MEMBER#}) before its
     * assignments ({@code SVCGROUP#}), and an assignment removed after its membership was read moved its version.
     */
    private static final int MAX_CHECKS = 99;

    private ServiceGroupRecordsRepair() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; answers its exit status (0 done, 1 memberships changed meanwhile: run again, 2 a fault). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return UpgradeCommand.run("ServiceGroupRecordsRepair", args, out, err, (dynamoDb, table) -> {
            Counts counts = repair(dynamoDb, table);
            return new UpgradeCommand.Result(String.format("%d memberships: %d repaired, %d already exact, %d"
                    + " changed meanwhile (run again)", counts.memberships(), counts.repaired(), counts.exact(),
                    counts.changedMeanwhile()), counts.changedMeanwhile() == 0 ? ConsistencyCheck.CLEAN
                    : ConsistencyCheck.VIOLATIONS);
        });
    }

    /** Makes every membership of {@code table} record exactly its assignments; answers what it found. */
    public static Counts repair(DynamoDbClient dynamoDb, String table) {
        Map<Map.Entry<TenantId, UserKey>, Set<String>> assigned = new HashMap<>();
        List<Map.Entry<TenantId, Membership>> memberships = new ArrayList<>();
        new TableWalk(dynamoDb, table).items().forEach(item -> {
            TableItem found = new TableItem(item);
            if (!(Namespace.of(found.partitionKey()) instanceof Namespace.Control control)) {
                return;
            }
            if (ServiceReads.ASSIGNMENT.holds(found.sortKey())) {
                ServiceReads.Assignment assignment = ServiceReads.ASSIGNMENT.read(item);
                assigned.computeIfAbsent(Map.entry(control.tenant(), assignment.user()), key -> new TreeSet<>())
                        .add(ServiceWrites.recordedAs(assignment.group()));
            } else if (MembershipReads.MEMBERSHIP.holds(found.sortKey())) {
                memberships.add(Map.entry(control.tenant(), MembershipReads.MEMBERSHIP.read(item).membership()));
            }
        });
        Counts counts = new Counts(0, 0, 0, 0);
        for (Map.Entry<TenantId, Membership> membership : memberships) {
            Set<String> exactly = assigned.getOrDefault(Map.entry(membership.getKey(),
                    membership.getValue().user()), Set.of());
            counts = counts.plus(repair(dynamoDb, table, membership.getKey(), membership.getValue(), exactly));
        }
        return counts;
    }

    private static Counts repair(DynamoDbClient dynamoDb, String table, TenantId tenant, Membership membership,
                                 Set<String> exactly) {
        Set<String> recorded = membership.serviceGroups().stream().map(ServiceGroup::written)
                .collect(Collectors.toSet());
        if (recorded.equals(exactly)) {
            return new Counts(1, 0, 1, 0);
        }
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(MemberDependents.reconciled(tenant, membership.user(), exactly, membership.version())
                .transactItem(table));
        if (exactly.size() < MAX_CHECKS) {
            exactly.stream().map(ServiceGroup::parse).flatMap(Optional::stream).forEach(group -> writes.add(
                    ServiceWrites.assigned(tenant, group, membership.user()).transactItem(table)));
        }
        try {
            dynamoDb.transactWriteItems(request -> request.transactItems(writes));
            return new Counts(1, 1, 0, 0);
        } catch (TransactionCanceledException changed) {
            return new Counts(1, 0, 0, 1);
        }
    }

    /** What a repair found: memberships, those it repaired, those already exact, those changed meanwhile. */
    public record Counts(long memberships, long repaired, long exact, long changedMeanwhile) {

        Counts plus(Counts other) {
            return new Counts(memberships + other.memberships, repaired + other.repaired, exact + other.exact,
                    changedMeanwhile + other.changedMeanwhile);
        }
    }
}
