package dev.enclave.app.support;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.member.MembershipWrites;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.Email;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A fixture: an organisation of thousands of members, written as the product writes them (memberships with their
 * copy of the name, stamped with the organisation's incarnation, and the member counter and seats to match) but
 * directly, as the platform principal, because inviting thousands one by one would take the suite minutes.
 */
public final class BigOrganisations {

    private static final int BATCH = 25;

    private BigOrganisations() {
    }

    /**
     * Adds {@code count} members {@code <prefix>-<n>} to the existing organisation {@code org}, as members from
     * before its log (joined when it was created): they have no events, and the consistency checker does not ask.
     */
    public static void addMembers(DynamoDbClient platform, String table, String org, String prefix, int count) {
        TenantId tenant = TenantId.of(org);
        ItemRead<Organisation> organisation = OrganisationReads.item(tenant);
        Organisation read = organisation.mapper().apply(platform.getItem(b -> b.tableName(table)
                .consistentRead(true).key(organisation.key().asMap())).item());
        List<WriteRequest> puts = new ArrayList<>();
        for (int n = 0; n < count; n++) {
            String subject = prefix + "-" + n;
            Membership membership = new Membership(tenant, UserKey.of("enclave-local", subject), subject,
                    "enclave-local", Optional.of(Email.of(subject + "@example.com")), Set.of(GroupName.MEMBER),
                    read.createdAt(), 1);
            puts.add(put(Incarnations.stamp(MembershipWrites.joined(membership,
                    new OrganisationName(read.name(), read.version()), Set.of(), read.incarnation()).item(), read.incarnation())));
            puts.add(put(Incarnations.stamp(MembershipWrites.emailTaken(membership, read.incarnation()).item(), read.incarnation())));
        }
        for (int start = 0; start < puts.size(); start += BATCH) {
            write(platform, table, puts.subList(start, Math.min(puts.size(), start + BATCH)));
        }
        platform.updateItem(b -> b.tableName(table).key(organisation.key().asMap())
                .updateExpression("SET members = members + :n, seats = seats + :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN(Integer.toString(count)))));
    }

    /**
     * Makes user {@code subject} a member of {@code count} organisations {@code <prefix>-<n>} that exist only as
     * that membership (enough for the user's own lists, which read the user index alone).
     */
    public static void memberOfMany(DynamoDbClient platform, String table, String subject, String prefix,
                                    int count) {
        List<WriteRequest> puts = new ArrayList<>();
        Instant joined = Instant.parse("2026-11-27T00:00:00Z");
        for (int n = 0; n < count; n++) {
            TenantId tenant = TenantId.of(prefix + "-" + n);
            Membership membership = new Membership(tenant, UserKey.of("enclave-local", subject), subject,
                    "enclave-local", Optional.of(Email.of(subject + "@example.com")), Set.of(GroupName.MEMBER),
                    joined, 1);
            puts.add(put(MembershipWrites.joined(membership, new OrganisationName("Org " + n, 1), Set.of(),
                    new Incarnation("fixture")).item()));
        }
        for (int start = 0; start < puts.size(); start += BATCH) {
            write(platform, table, puts.subList(start, Math.min(puts.size(), start + BATCH)));
        }
    }

    private static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(p -> p.item(item)).build();
    }

    private static void write(DynamoDbClient platform, String table, List<WriteRequest> batch) {
        Map<String, List<WriteRequest>> pending = Map.of(table, batch);
        while (!pending.isEmpty()) {
            Map<String, List<WriteRequest>> request = pending;
            var response = platform.batchWriteItem(b -> b.requestItems(request));
            pending = response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
        }
    }
}
