package dev.enclave.app.member;

import dev.enclave.app.organisation.OrganisationName;
import dev.enclave.app.organisation.OrganisationItems;
import dev.enclave.app.organisation.OrganisationKeys;
import dev.enclave.app.platform.Backoff;
import dev.enclave.app.platform.Cancellations;
import dev.enclave.app.platform.CheckedItems;
import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.app.platform.ItemKind;
import dev.enclave.app.platform.ReadScope;
import dev.enclave.app.platform.TableSettings;
import dev.enclave.app.platform.VersionCondition;
import dev.enclave.app.service.ServiceAssignments;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/** {@link Memberships} as conditional transactions on the organisation's scoped client. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbMemberships implements Memberships {

    private static final int MAX_TRANSACTION_ITEMS = 100;
    private static final int NAME_COPY_ATTEMPTS = 5;
    private static final String MEMBERSHIP_CHANGED_OR_GONE = "attribute_exists(PK) AND version = :version";
    private static final String NAME_COPY = "SET " + MembershipItems.ORGANISATION_NAME + " = :name, "
            + MembershipItems.ORGANISATION_NAME_VERSION + " = :version";
    private static final String OLDER_NAME_COPY = "attribute_exists(PK) AND (attribute_not_exists("
            + MembershipItems.ORGANISATION_NAME_VERSION + ") OR " + MembershipItems.ORGANISATION_NAME_VERSION
            + " < :version)";

    private final TenantDynamoDb tenants;
    private final String table;
    private final CheckedItems checked;

    DynamoDbMemberships(TenantDynamoDb tenants, TableSettings table, CheckedItems checked) {
        this.tenants = tenants;
        this.table = table.getName();
        this.checked = checked;
    }

    @Override
    public Change remove(Membership membership) {
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(TransactWriteItem.builder().delete(d -> d.tableName(table)
                .key(MembershipKeys.key(membership.tenant(), membership.user()))
                .conditionExpression(MEMBERSHIP_CHANGED_OR_GONE)
                .expressionAttributeValues(Map.of(":version", number(membership.version())))).build());
        writes.add(organisationCounters(membership.tenant(), -1, membership.isOwner() ? -1 : 0));
        if (!membership.email().isEmpty()) {
            writes.add(TransactWriteItem.builder().delete(d -> d.tableName(table).key(
                    MembershipKeys.emailGuardKey(membership.tenant(), EmailKey.of(Email.of(membership.email()))))).build());
        }
        List<Map<String, AttributeValue>> assignments = serviceAssignments(membership);
        if (writes.size() + assignments.size() > MAX_TRANSACTION_ITEMS) {
            return Change.TOO_LARGE;
        }
        assignments.forEach(key -> writes.add(TransactWriteItem.builder()
                .delete(d -> d.tableName(table).key(key)).build()));
        return run(membership.tenant(), writes, reason -> Change.MEMBERSHIP_CHANGED);
    }

    /**
     * The keys of the member's service-group assignments: one Query on their byTenantCollection partition, keeping
     * only the organisation's own assignment items of this member (anyone's item may carry that index key).
     */
    private List<Map<String, AttributeValue>> serviceAssignments(Membership membership) {
        List<Map<String, AttributeValue>> found = client(membership.tenant()).query(b -> b.tableName(table)
                        .indexName(TableDesign.BY_TENANT_COLLECTION.indexName())
                        .keyConditionExpression("GSI1PK = :member")
                        .expressionAttributeValues(Map.of(":member", AttributeValue.fromS(
                                MembershipKeys.assignments(membership.tenant(), membership.user())))))
                .items();
        return checked.all(ItemKind.ASSIGNMENT, ReadScope.tenant(membership.tenant()), found,
                item -> ServiceAssignments.keyOfAssignment(item, membership.user()));
    }

    @Override
    public Change grant(TenantId tenant, UserKey user, String group, Optional<ExpectedVersion> expected) {
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(groupChange(tenant, user, "ADD", group, expected));
        if (Membership.OWNER.equals(group)) {
            writes.add(organisationCounters(tenant, 0, 1));
        }
        return run(tenant, writes, reason -> groupRefused(reason, expected));
    }

    @Override
    public Change revoke(TenantId tenant, UserKey user, String group, Optional<ExpectedVersion> expected) {
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(groupChange(tenant, user, "DELETE", group, expected));
        if (Membership.OWNER.equals(group)) {
            writes.add(organisationCounters(tenant, 0, -1));
        }
        return run(tenant, writes, reason -> groupRefused(reason, expected));
    }

    @Override
    public Change transferOwnership(TenantId tenant, UserKey from, UserKey to) {
        return run(tenant, List.of(
                groupChange(tenant, to, "ADD", Membership.OWNER, Optional.empty()),
                groupChange(tenant, from, "DELETE", Membership.OWNER, Optional.empty())),
                reason -> groupRefused(reason, Optional.empty()));
    }

    /**
     * Why a group change's own condition refused, from the membership as it was: absent, at a version the change
     * did not expect, or already as asked.
     */
    private static Change groupRefused(CancellationReason reason, Optional<ExpectedVersion> expected) {
        if (!reason.hasItem() || !reason.item().containsKey(MembershipItems.VERSION)) {
            return Change.NOT_A_MEMBER;
        }
        long version = Long.parseLong(reason.item().get(MembershipItems.VERSION).n());
        return expected.filter(e -> !e.accepts(version)).isPresent() ? Change.VERSION_MISMATCH : Change.UNCHANGED;
    }

    @Override
    public void renameOrganisation(TenantId tenant, OrganisationName name) {
        QueryRequest.Builder members = MembershipKeys.organisationMembers(table, tenant, MAX_TRANSACTION_ITEMS)
                .projectionExpression("PK, SK");
        QueryResponse page;
        do {
            page = client(tenant).query(members.build());
            copyName(tenant, checked.all(ItemKind.MEMBERSHIP, ReadScope.partition(tenant), page.items(),
                    item -> item), name);
            members.exclusiveStartKey(page.lastEvaluatedKey());
        } while (page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty());
    }

    /** One transaction for the page; if any membership refuses (newer copy, gone, busy), each on its own. */
    private void copyName(TenantId tenant, List<Map<String, AttributeValue>> keys, OrganisationName name) {
        if (keys.isEmpty()) {
            return;
        }
        try {
            client(tenant).transactWriteItems(b -> b.transactItems(keys.stream()
                    .map(key -> TransactWriteItem.builder().update(u -> u.tableName(table).key(key)
                            .updateExpression(NAME_COPY).conditionExpression(OLDER_NAME_COPY)
                            .expressionAttributeValues(nameValues(name))).build()).toList()));
        } catch (TransactionCanceledException someRefused) {
            keys.forEach(key -> copyName(tenant, key, name));
        }
    }

    /** Copies the name into one membership, waiting out transactions in flight on it (a group edit, a leave). */
    private void copyName(TenantId tenant, Map<String, AttributeValue> key, OrganisationName name) {
        for (int attempt = 1; ; attempt++) {
            try {
                client(tenant).updateItem(b -> b.tableName(table).key(key).updateExpression(NAME_COPY)
                        .conditionExpression(OLDER_NAME_COPY).expressionAttributeValues(nameValues(name)));
                return;
            } catch (ConditionalCheckFailedException newerOrGone) {
                return;
            } catch (TransactionConflictException busy) {
                if (attempt == NAME_COPY_ATTEMPTS) {
                    throw busy;
                }
                Backoff.pause(attempt);
            }
        }
    }

    private static Map<String, AttributeValue> nameValues(OrganisationName name) {
        return Map.of(":name", AttributeValue.fromS(name.name()), ":version", number(name.version()));
    }

    /**
     * Adds ({@code ADD}) or removes ({@code DELETE}) one group if the member exists, at an expected version when
     * one is given, and the group is not already so; the old item comes back when the condition refuses.
     */
    private TransactWriteItem groupChange(TenantId tenant, UserKey user, String operation, String group,
                                          Optional<ExpectedVersion> expected) {
        ExpectedVersion version = expected.orElse(ExpectedVersion.anyExisting());
        String groupCondition = ("ADD".equals(operation) ? "NOT " : "") + "contains(#groups, :group)";
        Map<String, AttributeValue> values = new HashMap<>(VersionCondition.values(version));
        values.putAll(Map.of(":groups", AttributeValue.fromSs(List.of(group)), ":group", AttributeValue.fromS(group),
                ":one", number(1)));
        return TransactWriteItem.builder().update(u -> u.tableName(table).key(MembershipKeys.key(tenant, user))
                .updateExpression(operation + " #groups :groups SET version = version + :one")
                .conditionExpression(VersionCondition.expression(version, "PK", MembershipItems.VERSION) + " AND "
                        + groupCondition)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .expressionAttributeNames(Map.of("#groups", "groups"))
                .expressionAttributeValues(values)).build();
    }

    /** Adjusts the organisation's member and owner counts; losing an owner needs another one left. */
    private TransactWriteItem organisationCounters(TenantId tenant, int members, int owners) {
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":members", number(members),
                ":owners", number(owners)));
        String condition = "attribute_exists(PK)";
        if (owners < 0) {
            condition = "#owners > :one";
            values.put(":one", number(1));
        }
        String finalCondition = condition;
        return TransactWriteItem.builder().update(u -> u.tableName(table).key(OrganisationKeys.key(tenant))
                .updateExpression("SET #members = #members + :members, #owners = #owners + :owners")
                .conditionExpression(finalCondition)
                .expressionAttributeNames(Map.of("#members", "members", "#owners", OrganisationItems.OWNERS))
                .expressionAttributeValues(values)).build();
    }

    /**
     * Runs the transaction; when the first write's condition refuses, {@code membershipRefused} tells what that
     * means from its reason.
     */
    private Change run(TenantId tenant, List<TransactWriteItem> writes,
                       Function<CancellationReason, Change> membershipRefused) {
        try {
            client(tenant).transactWriteItems(b -> b.transactItems(writes));
            return Change.DONE;
        } catch (TransactionCanceledException cancelled) {
            if (Cancellations.conflicted(cancelled)) {
                throw cancelled;
            }
            List<CancellationReason> reasons = cancelled.cancellationReasons();
            if (Cancellations.conditionFailed(reasons, 0)) {
                return membershipRefused.apply(reasons.get(0));
            }
            return Cancellations.conditionFailed(reasons, 1) ? Change.LAST_OWNER : Change.MEMBERSHIP_CHANGED;
        }
    }

    private static AttributeValue number(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    private DynamoDbClient client(TenantId tenant) {
        return tenants.forTenant(tenant);
    }
}
