package dev.enclave.app.invitation;

import dev.enclave.app.member.Membership;
import dev.enclave.app.member.MembershipItems;
import dev.enclave.app.member.MembershipKeys;
import dev.enclave.app.organisation.OrganisationName;
import dev.enclave.app.organisation.Organisation;
import dev.enclave.app.organisation.OrganisationItems;
import dev.enclave.app.organisation.OrganisationKeys;
import dev.enclave.app.platform.Cancellations;
import dev.enclave.app.platform.CheckedItems;
import dev.enclave.app.platform.ConsistentBatchGet;
import dev.enclave.app.platform.ItemKind;
import dev.enclave.app.platform.ReadScope;
import dev.enclave.app.platform.TableSettings;
import dev.enclave.app.service.ServiceAssignments;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** {@link Invitations} on the single table. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbInvitations implements Invitations {

    private static final String PENDING = InvitationStatus.PENDING.name();

    private final TenantDynamoDb tenants;
    private final String table;
    private final CheckedItems checked;

    DynamoDbInvitations(TenantDynamoDb tenants, TableSettings table, CheckedItems checked) {
        this.tenants = tenants;
        this.table = table.getName();
        this.checked = checked;
    }

    @Override
    public WriteOutcome send(Invitation invitation) {
        DynamoDbClient client = client(invitation.tenant());
        var guard = client.getItem(b -> b.tableName(table).consistentRead(true)
                .key(InvitationKeys.inviteeKey(invitation.tenant(), EmailKey.of(invitation.email()))));
        Optional<String> previous = Optional.ofNullable(guard.item()).map(i -> i.get("invitation"))
                .map(AttributeValue::s);
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(put(InvitationItems.toItem(invitation), "attribute_not_exists(PK)", Map.of()));
        writes.add(previous.map(id -> put(InvitationItems.inviteeGuard(invitation), "invitation = :previous",
                        Map.of(":previous", AttributeValue.fromS(id))))
                .orElseGet(() -> put(InvitationItems.inviteeGuard(invitation), "attribute_not_exists(PK)", Map.of())));
        writes.add(notAMember(invitation));
        writes.add(organisationAdmits(invitation.tenant()));
        previous.ifPresent(id -> writes.add(close(invitation.tenant(), new InvitationId(id),
                InvitationStatus.SUPERSEDED, Map.of())));
        return run(client, writes, Set.of(2), 3, OptionalLong.empty());
    }

    @Override
    public boolean onboard(Organisation organisation, Invitation ownerInvitation) {
        return run(client(organisation.id()), List.of(
                put(OrganisationItems.toItem(organisation), "attribute_not_exists(PK)", Map.of()),
                put(InvitationItems.toItem(ownerInvitation), "attribute_not_exists(PK)", Map.of()),
                put(InvitationItems.inviteeGuard(ownerInvitation), "attribute_not_exists(PK)", Map.of())),
                Set.of(), -1, OptionalLong.empty()) == WriteOutcome.DONE;
    }

    @Override
    public Optional<Invitation> find(TenantId tenant, InvitationId id) {
        var response = client(tenant).getItem(b -> b.tableName(table).key(InvitationKeys.key(tenant, id))
                .consistentRead(true));
        return checked.one(ItemKind.INVITATION, ReadScope.tenant(tenant), response.item(), InvitationItems::fromItem);
    }

    @Override
    public Optional<ToAccept> findToAccept(TenantId tenant, InvitationId id) {
        Map<String, AttributeValue> invitationKey = InvitationKeys.key(tenant, id);
        List<Map<String, AttributeValue>> items = ConsistentBatchGet.items(client(tenant), table,
                List.of(invitationKey, OrganisationKeys.key(tenant)));
        ReadScope scope = ReadScope.tenant(tenant);
        Optional<Invitation> invitation = checked.one(ItemKind.INVITATION, scope, at(items, invitationKey),
                InvitationItems::fromItem);
        Optional<Organisation> organisation = checked.one(ItemKind.ORGANISATION, scope,
                at(items, OrganisationKeys.key(tenant)), OrganisationItems::fromItem);
        return invitation.map(found -> new ToAccept(found, organisation));
    }

    @Override
    public WriteOutcome accept(Invitation invitation, Membership membership, Organisation organisation,
                               long nowEpochSeconds) {
        List<TransactWriteItem> writes = new ArrayList<>(List.of(
                close(invitation.tenant(), invitation.id(), InvitationStatus.ACCEPTED, Map.of(
                        ":hash", AttributeValue.fromS(invitation.tokenHash()),
                        ":now", AttributeValue.fromN(Long.toString(nowEpochSeconds)),
                        ":by", AttributeValue.fromS(membership.user().digest()))),
                put(MembershipItems.toItem(membership, new OrganisationName(organisation.name(),
                        organisation.version())), "attribute_not_exists(PK)", Map.of()),
                put(MembershipItems.emailGuard(membership), "attribute_not_exists(PK)", Map.of()),
                TransactWriteItem.builder().update(u -> u.tableName(table)
                        .key(OrganisationKeys.key(invitation.tenant()))
                        .updateExpression("SET #members = #members + :one, #owners = #owners + :owner")
                        .conditionExpression("#members < seats AND #status = :active AND #version = :version")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .expressionAttributeNames(Map.of("#members", "members", "#status", "status",
                                "#owners", OrganisationItems.OWNERS, "#version", "version"))
                        .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"),
                                ":owner", AttributeValue.fromN(membership.isOwner() ? "1" : "0"),
                                ":active", AttributeValue.fromS("ACTIVE"),
                                ":version", AttributeValue.fromN(Long.toString(organisation.version()))))).build(),
                releaseGuard(invitation)));
        for (String serviceGroup : invitation.serviceGroups()) {
            String[] parts = serviceGroup.split("/", 2);
            writes.add(TransactWriteItem.builder().conditionCheck(c -> c.tableName(table)
                    .key(ServiceAssignments.serviceKey(invitation.tenant(), parts[0]))
                    .conditionExpression("attribute_exists(PK)")).build());
            writes.add(put(ServiceAssignments.item(invitation.tenant(), parts[0], parts[1], membership.user(),
                    membership.userId()), "attribute_not_exists(PK)", Map.of()));
        }
        return run(client(invitation.tenant()), writes, Set.of(1, 2), 3, OptionalLong.of(organisation.version()));
    }

    @Override
    public boolean close(Invitation invitation, InvitationStatus status) {
        return run(client(invitation.tenant()), List.of(close(invitation.tenant(), invitation.id(), status, Map.of()),
                releaseGuard(invitation)), Set.of(), -1, OptionalLong.empty()) == WriteOutcome.DONE;
    }

    @Override
    public boolean renew(Invitation invitation, String tokenHash, java.time.Instant validUntil) {
        try {
            client(invitation.tenant()).updateItem(b -> b.tableName(table)
                    .key(InvitationKeys.key(invitation.tenant(), invitation.id()))
                    .updateExpression("SET tokenHash = :hash, validUntil = :until, expiresAt = :expires")
                    .conditionExpression("#status = :pending")
                    .expressionAttributeNames(Map.of("#status", "status"))
                    .expressionAttributeValues(Map.of(":hash", AttributeValue.fromS(tokenHash),
                            ":until", AttributeValue.fromN(Long.toString(validUntil.getEpochSecond())),
                            ":expires", AttributeValue.fromN(Long.toString(
                                    validUntil.plus(InvitationItems.RETENTION).getEpochSecond())),
                            ":pending", AttributeValue.fromS(PENDING))));
            return true;
        } catch (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException notPending) {
            return false;
        }
    }

    @Override
    public InvitationPage withStatus(TenantId tenant, InvitationStatus status, int limit, Optional<String> after) {
        QueryRequest.Builder query = QueryRequest.builder().tableName(table)
                .indexName(TableDesign.BY_TENANT_COLLECTION.indexName()).keyConditionExpression("GSI1PK = :status")
                .limit(limit).scanIndexForward(false)
                .expressionAttributeValues(Map.of(":status", AttributeValue.fromS(
                        InvitationKeys.byStatus(tenant, status))));
        after.ifPresent(position -> query.exclusiveStartKey(InvitationKeys.byStatusStart(tenant, status, position)));
        QueryResponse page = client(tenant).query(query.build());
        List<Invitation> found = checked.all(ItemKind.INVITATION, ReadScope.tenant(tenant), page.items(),
                InvitationItems::fromItem);
        Optional<String> last = page.hasLastEvaluatedKey() && page.lastEvaluatedKey().containsKey("GSI1SK")
                ? Optional.of(page.lastEvaluatedKey().get("GSI1SK").s()) : Optional.empty();
        return new InvitationPage(found, last);
    }

    @Override
    public List<Invitation> pendingFor(EmailKey email) {
        List<Map<String, AttributeValue>> found = tenants.forScope(GuardScope.ownEntries(email.prefix()))
                .query(b -> b.tableName(table).indexName(TableDesign.BY_USER.indexName())
                        .keyConditionExpression("GSI2PK = :email AND begins_with(GSI2SK, :invitations)")
                        .expressionAttributeValues(Map.of(":email", AttributeValue.fromS(email.prefix().value()),
                                ":invitations", AttributeValue.fromS(InvitationKeys.SORT_KEY_PREFIX))))
                .items();
        ReadScope ownEntries = ReadScope.ownEntries(email.prefix(), InvitationKeys.SORT_KEY_PREFIX);
        return checked.all(ItemKind.INVITATION, ownEntries, found, InvitationItems::fromItem);
    }

    private static Map<String, AttributeValue> at(List<Map<String, AttributeValue>> items,
                                                  Map<String, AttributeValue> key) {
        return items.stream().filter(item -> key.get("SK").equals(item.get("SK"))).findFirst().orElse(null);
    }

    /** Moves a pending invitation to a final status, off the invitee's index; extra conditions for accepting. */
    private TransactWriteItem close(TenantId tenant, InvitationId id, InvitationStatus status,
                                    Map<String, AttributeValue> acceptValues) {
        Map<String, AttributeValue> values = new java.util.HashMap<>(acceptValues);
        values.put(":pending", AttributeValue.fromS(PENDING));
        values.put(":closed", AttributeValue.fromS(status.name()));
        values.put(":collection", AttributeValue.fromS(InvitationKeys.byStatus(tenant, status)));
        boolean accepting = acceptValues.containsKey(":by");
        String set = "SET #status = :closed, GSI1PK = :collection" + (accepting ? ", acceptedBy = :by" : "");
        String condition = "#status = :pending" + (accepting ? " AND tokenHash = :hash AND validUntil > :now" : "");
        return TransactWriteItem.builder().update(u -> u.tableName(table).key(InvitationKeys.key(tenant, id))
                .updateExpression(set + " REMOVE GSI2PK, GSI2SK").conditionExpression(condition)
                .expressionAttributeNames(Map.of("#status", "status")).expressionAttributeValues(values)).build();
    }

    private TransactWriteItem releaseGuard(Invitation invitation) {
        return TransactWriteItem.builder().delete(d -> d.tableName(table)
                .key(InvitationKeys.inviteeKey(invitation.tenant(), EmailKey.of(invitation.email())))
                .conditionExpression("invitation = :id")
                .expressionAttributeValues(Map.of(":id", AttributeValue.fromS(invitation.id().value())))).build();
    }

    private TransactWriteItem notAMember(Invitation invitation) {
        return TransactWriteItem.builder().conditionCheck(c -> c.tableName(table)
                .key(MembershipKeys.emailGuardKey(invitation.tenant(), EmailKey.of(invitation.email())))
                .conditionExpression("attribute_not_exists(PK)")).build();
    }

    private TransactWriteItem organisationAdmits(TenantId tenant) {
        return TransactWriteItem.builder().conditionCheck(c -> c.tableName(table).key(OrganisationKeys.key(tenant))
                .conditionExpression("#members < seats AND #status = :active")
                .expressionAttributeNames(Map.of("#members", "members", "#status", "status"))
                .expressionAttributeValues(Map.of(":active", AttributeValue.fromS("ACTIVE")))).build();
    }

    private TransactWriteItem put(Map<String, AttributeValue> item, String condition,
                                  Map<String, AttributeValue> values) {
        return TransactWriteItem.builder().put(p -> {
            p.tableName(table).item(item).conditionExpression(condition);
            if (!values.isEmpty()) {
                p.expressionAttributeValues(values);
            }
        }).build();
    }

    /**
     * Runs the transaction; on cancellation, names the refusal by the position of the item that refused: a
     * membership item (the email is a member), the organisation (unless its version moved on from
     * {@code organisationVersion}: then, like the invitation or its guard changing, it is read again). A
     * transaction that only lost to concurrent ones, which the client already retried, is thrown on: a conflict.
     */
    private static WriteOutcome run(DynamoDbClient client, List<TransactWriteItem> writes, Set<Integer> memberAt,
                                    int organisationAt, OptionalLong organisationVersion) {
        try {
            client.transactWriteItems(b -> b.transactItems(writes));
            return WriteOutcome.DONE;
        } catch (TransactionCanceledException cancelled) {
            if (Cancellations.conflicted(cancelled)) {
                throw cancelled;
            }
            List<CancellationReason> reasons = cancelled.cancellationReasons();
            if (memberAt.stream().anyMatch(i -> Cancellations.conditionFailed(reasons, i))) {
                return WriteOutcome.ALREADY_MEMBER;
            }
            if (Cancellations.conditionFailed(reasons, organisationAt)) {
                return movedOn(reasons.get(organisationAt), organisationVersion) ? WriteOutcome.INVITATION_CHANGED
                        : WriteOutcome.ORGANISATION_REFUSED;
            }
            return WriteOutcome.INVITATION_CHANGED;
        }
    }

    private static boolean movedOn(CancellationReason organisation, OptionalLong versionRead) {
        return versionRead.isPresent() && organisation.hasItem() && organisation.item().containsKey("version")
                && Long.parseLong(organisation.item().get("version").n()) != versionRead.getAsLong();
    }

    private DynamoDbClient client(TenantId tenant) {
        return tenants.forTenant(tenant);
    }
}
