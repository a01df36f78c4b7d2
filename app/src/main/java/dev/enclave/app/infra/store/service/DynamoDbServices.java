package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Backoff;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.permission.ServiceGroupPermissions;
import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceEvents;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.domain.service.Services;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.Page;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.member.MemberDependents;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.app.infra.store.organisation.ServiceSweepItems;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link Services} on the single table, on the organisation's scoped client. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbServices(Store store, CheckedItems checked, Clock clock) implements Services {

    /**
     * DynamoDB's transaction limit, less the service item itself: the assignments a deletion takes and the members
     * it forgets them on, together.
     */
    static final int MAX_WRITES_PER_DELETE = Transaction.MAX_CHANGE_WRITES - 1;
    /** How often a deletion reads again when an assignment landed between its read and its write. */
    private static final int DELETE_ATTEMPTS = 5;
    /** How often a rename reads again when the service changed between its read and its write. */
    private static final int RENAME_ATTEMPTS = 5;

    /** The writes of creating, deleting and assigning. */
    enum Role implements WriteRole {
        SERVICE,
        MEMBER,
        ASSIGNMENT,
        ORGANISATION,
        /** The organisation's service sweep: owing a deleted service's assignments, or owing none of the id. */
        SWEEP,
        /** The actor's membership, still holding what the change was judged on. */
        ACTOR,
        /** The group definitions, at the version the actor was judged on. */
        ACTOR_DEFINITIONS
    }

    @Override
    public Creation create(Organisation organisation, Service service) {
        TransactionOutcome outcome = table(organisation.id()).transact(Transaction.builder()
                .writtenBy(organisation.incarnation())
                .create(Role.SERVICE, ServiceItems.written(organisation.id(), service))
                .add(Role.ORGANISATION, OrganisationConditions.stillLive(organisation))
                .add(Role.SWEEP, ServiceSweepItems.notOwed(organisation.id(), service.id().value()))
                .records(ServiceEvents.created(service.id(), service.name())).build());
        if (outcome.committed()) {
            return Creation.CREATED;
        }
        if (outcome.refused(Role.ORGANISATION)) {
            return Creation.ORGANISATION_GONE;
        }
        return outcome.refused(Role.SWEEP) && !outcome.refused(Role.SERVICE) ? Creation.STILL_SWEPT : Creation.TAKEN;
    }

    @Override
    public Optional<Service> find(Organisation organisation, ServiceId service) {
        return checked.one(ItemKind.SERVICE, scope(organisation),
                table(organisation.id()).get(ServiceKeys.service(organisation.id(), service)), ServiceItems::fromItem);
    }

    @Override
    public ServicePage list(Organisation organisation, Optional<ServiceId> after, int limit) {
        TenantId tenant = organisation.id();
        Page page = table(tenant).query(KeyConditions.partition(ItemKey.tenantPartition(tenant),
                ServiceKeys.SERVICE_PREFIX), q -> q.consistentRead(true).limit(limit).exclusiveStartKey(after
                .map(service -> ServiceKeys.service(tenant, service).asMap()).orElse(null)));
        List<Service> found = checked.all(ItemKind.SERVICE, scope(organisation), page.items(), ServiceItems::fromItem);
        Optional<ServiceId> last = page.next().isPresent() && !page.items().isEmpty()
                ? ServiceKeys.serviceOf(ItemKey.sortOf(page.items().get(page.items().size() - 1)))
                : Optional.empty();
        return new ServicePage(found, last);
    }

    @Override
    public Optional<Service> rename(Organisation organisation, ServiceId service, String name,
                                    ExpectedVersion expected) {
        TenantId tenant = organisation.id();
        Expr update = Expr.update().set("#name = :name, #version = #version + :one")
                .name("#name", ServiceItems.NAME).name("#version", ServiceItems.VERSION)
                .value(":name", name).number(":one", 1).build();
        for (int attempt = 1; attempt <= RENAME_ATTEMPTS; attempt++) {
            Optional<Service> read = find(organisation, service)
                    .filter(found -> expected.accepts(found.life(), found.version()));
            if (read.isEmpty() || read.get().name().equals(name)) {
                return read;
            }
            TransactionOutcome outcome = table(tenant).transact(Transaction.builder()
                    .update(Role.SERVICE, ServiceKeys.service(tenant, service), update,
                            asRead(read.get(), organisation))
                    .records(ServiceEvents.renamed(read.get(), name)).build());
            if (outcome.committed()) {
                return Optional.of(read.get().renamed(name));
            }
        }
        return Optional.empty();
    }

    /**
     * The item was written by {@code organisation}'s incarnation: a request decided for an organisation since deleted
     * and created again under its id changes nothing of the successor's services and assignments.
     */
    private static Expr ofThis(Organisation organisation) {
        return Incarnations.writtenBy(organisation.incarnation());
    }

    /**
     * Deletes the service at the count of assignments it read (an assignment made since refuses the transaction,
     * which then reads again), with every assignment a strongly consistent Query found, and forgets them on their
     * members' memberships: no record of a group of this service outlives it to reach a service created again
     * under its id. When they are more than one transaction holds, they are owed to the organisation's service
     * sweep instead, in the deletion's transaction, and no service is created under the id until it is done.
     */
    @Override
    public Deletion delete(Organisation organisation, Service asRead, Optional<HoldingInServices> actor) {
        TenantId tenant = organisation.id();
        ServiceId service = asRead.id();
        for (int attempt = 1; ; attempt++) {
            if (attempt > 1) {
                Backoff.pause(attempt - 1);
            }
            Map<String, AttributeValue> item = table(tenant).get(ServiceKeys.service(tenant, service));
            if (item.isEmpty() || !Incarnations.belongsTo(item, organisation.incarnation())) {
                return Deletion.NOT_FOUND;
            }
            Service now = ServiceItems.fromItem(item);
            if (now.version() != asRead.version() || !now.generation().equals(asRead.generation())) {
                return Deletion.CHANGED;
            }
            List<Map<String, AttributeValue>> read = firstOf(tenant, ServiceKeys.servicePrefix(service),
                    MAX_WRITES_PER_DELETE + 1);
            List<ServiceReads.Assignment> assignments = checked.all(ItemKind.ASSIGNMENT, ReadScope.partition(tenant),
                    read, AssignmentItems::fromItem);
            Map<UserKey, Write.Update> forgotten = read.size() > MAX_WRITES_PER_DELETE ? Map.of()
                    : forgottenOnMembers(tenant, scope(organisation), assignments);
            boolean swept = read.size() + forgotten.size() > MAX_WRITES_PER_DELETE;
            Transaction.Builder writes = Transaction.builder().delete(Role.SERVICE,
                    ServiceKeys.service(tenant, service), ServiceItems.assignedAsRead(item).and(ofThis(organisation)));
            if (swept) {
                writes.add(Role.SWEEP, ServiceSweepItems.owed(organisation, service.value(), clock.instant()));
            } else {
                read.forEach(found -> writes.delete(Role.ASSIGNMENT, ItemKey.of(found)));
            }
            ActorChecks.add(writes, actor, Optional.of(asRead), swept ? Map.of() : forgotten, Role.MEMBER,
                    Role.ACTOR, Role.ACTOR_DEFINITIONS);
            writes.records(ServiceEvents.deleted(service));
            TransactionOutcome outcome = table(tenant).transact(writes.build());
            if (outcome.committed()) {
                return swept ? Deletion.LEFT_TO_THE_SWEEP : Deletion.DELETED;
            }
            if (actorRefused(outcome, actor, forgotten.keySet())) {
                return Deletion.ACTOR_CHANGED;
            }
            if (attempt == DELETE_ATTEMPTS) {
                return Deletion.BUSY;
            }
        }
    }

    /** Whether the actor's checks refused the transaction (on a membership it also writes, when it does). */
    private static boolean actorRefused(TransactionOutcome outcome, Optional<HoldingInServices> actor,
                                        Set<UserKey> membersWritten) {
        return outcome.refused(Role.ACTOR) || outcome.refused(Role.ACTOR_DEFINITIONS)
                || actor.filter(judged -> membersWritten.contains(judged.user())).isPresent()
                && outcome.refused(Role.MEMBER);
    }

    /**
     * The writes that forget {@code assignments} on their members' memberships, one a member: only on memberships
     * of the organisation there now (an assignment whose member has gone is deleted alone; a membership removed
     * meanwhile refuses the transaction, which reads again).
     */
    Map<UserKey, Write.Update> forgottenOnMembers(TenantId tenant, ReadScope scope,
                                                  List<ServiceReads.Assignment> assignments) {
        Map<UserKey, Set<String>> records = new LinkedHashMap<>();
        assignments.forEach(found -> records.computeIfAbsent(found.user(), user -> new TreeSet<>())
                .add(ServiceWrites.recordedAs(found.group())));
        if (records.isEmpty()) {
            return Map.of();
        }
        List<ItemRead<Membership>> reads = records.keySet().stream()
                .map(user -> MembershipReads.item(tenant, user)).toList();
        List<Map<String, AttributeValue>> items = table(tenant).getAll(reads.stream().map(ItemRead::key).toList());
        Map<UserKey, Write.Update> forgotten = new LinkedHashMap<>();
        reads.forEach(read -> read.in(items, scope, checked).ifPresent(member -> forgotten.put(
                member.user(), MemberDependents.forgotten(tenant, member.user(), records.get(member.user())))));
        return forgotten;
    }

    @Override
    public Assignment assign(Organisation organisation, ServiceGroup group, UserKey user, String userId,
                             Service asRead, Optional<HoldingInServices> actor) {
        TenantId tenant = organisation.id();
        Transaction.Builder writes = Transaction.builder().writtenBy(organisation.incarnation())
                .update(Role.SERVICE, ServiceKeys.service(tenant, group.service()), ServiceItems.oneMoreAssigned(),
                        asRead(asRead, organisation))
                .add(Role.ORGANISATION, OrganisationConditions.stillLive(organisation))
                .put(Role.ASSIGNMENT, AssignmentItems.item(tenant, group, user, userId),
                        Incarnations.noneOf(organisation.incarnation()))
                .records(ServiceEvents.groupMember(group, userId, true));
        ActorChecks.add(writes, actor, Optional.of(asRead), Map.of(user, MemberDependents.recorded(tenant, user,
                ServiceWrites.recordedAs(group), organisation.incarnation())), Role.MEMBER, Role.ACTOR,
                Role.ACTOR_DEFINITIONS);
        TransactionOutcome outcome = table(tenant).transact(writes.build());
        if (outcome.committed() || outcome.refusedRoles().equals(Set.of(Role.ASSIGNMENT))) {
            return Assignment.ASSIGNED;
        } else if (outcome.refused(Role.ORGANISATION)) {
            return Assignment.ORGANISATION_GONE;
        } else if (outcome.refused(Role.MEMBER) && MemberDependents.full(outcome.oldItem(Role.MEMBER),
                ServiceWrites.recordedAs(group))) {
            return Assignment.TOO_MANY_GROUPS;
        } else if (actorRefused(outcome, actor, Set.of(user))) {
            return Assignment.ACTOR_CHANGED;
        }
        return outcome.refused(Role.MEMBER) ? Assignment.NOT_A_MEMBER : Assignment.SERVICE_CHANGED;
    }

    @Override
    public GroupsChange changeGroups(Organisation organisation, Service read, ServiceGroupPermissions after,
                                     NewEvent event, HoldingInServices actor) {
        TenantId tenant = organisation.id();
        Transaction.Builder writes = Transaction.builder()
                .update(Role.SERVICE, ServiceKeys.service(tenant, read.id()), ServiceItems.groupsChanged(after),
                        asRead(read, organisation))
                .add(Role.ORGANISATION, OrganisationConditions.stillLive(organisation))
                .records(event);
        ActorChecks.add(writes, Optional.of(actor), Optional.of(read), Map.of(), Role.MEMBER, Role.ACTOR,
                Role.ACTOR_DEFINITIONS);
        TransactionOutcome outcome = table(tenant).transact(writes.build());
        if (outcome.committed()) {
            return GroupsChange.CHANGED;
        }
        return actorRefused(outcome, Optional.of(actor), Set.of()) ? GroupsChange.ACTOR_CHANGED
                : GroupsChange.CHANGED_MEANWHILE;
    }

    private static Expr atVersion(long version) {
        return Expr.atVersion(ExpectedVersion.oneOf(Set.of(version)), ServiceItems.VERSION);
    }

    /** The service is as a decision read it: the same life of its id, at the same version, of this organisation. */
    private static Expr asRead(Service service, Organisation organisation) {
        return atVersion(service.version()).and(ServiceItems.ofGeneration(Optional.of(service.generation())))
                .and(ofThis(organisation));
    }

    /**
     * Deletes the assignment and forgets it on the membership, while the service is at the version judged on; with
     * no membership, deletes it alone.
     */
    @Override
    public Unassignment unassign(Organisation organisation, ServiceGroup group, UserKey user, String userId,
                                 Optional<Service> asRead, Optional<HoldingInServices> actor) {
        TenantId tenant = organisation.id();
        ItemKey key = ServiceKeys.assignment(tenant, group, user);
        Transaction.Builder writes = Transaction.builder()
                .delete(Role.ASSIGNMENT, key, Expr.exists().and(ofThis(organisation)))
                .records(ServiceEvents.groupMember(group, userId, false));
        asRead.ifPresent(service -> writes.check(Role.SERVICE, ServiceKeys.service(tenant, group.service()),
                asRead(service, organisation)));
        ActorChecks.add(writes, actor, asRead, Map.of(user, MemberDependents.forgotten(tenant, user,
                ServiceWrites.recordedAs(group))), Role.MEMBER, Role.ACTOR, Role.ACTOR_DEFINITIONS);
        TransactionOutcome outcome = table(tenant).transact(writes.build());
        if (outcome.committed()) {
            return Unassignment.UNASSIGNED;
        } else if (actorRefused(outcome, actor, Set.of(user))) {
            return Unassignment.ACTOR_CHANGED;
        } else if (outcome.refused(Role.SERVICE)) {
            return Unassignment.SERVICE_CHANGED;
        } else if (outcome.refused(Role.ASSIGNMENT)) {
            return Unassignment.UNASSIGNED;
        }
        return withoutItsMember(organisation, key, user, group, userId);
    }

    /**
     * An assignment whose member has gone (left behind by a change that stopped half-way) is deleted alone, with its
     * event, while the membership is still absent.
     */
    private Unassignment withoutItsMember(Organisation organisation, ItemKey key, UserKey user, ServiceGroup group,
                                          String userId) {
        TenantId tenant = organisation.id();
        TransactionOutcome outcome = table(tenant).transact(Transaction.builder()
                .delete(Role.ASSIGNMENT, key, Expr.exists().and(ofThis(organisation)))
                .check(Role.MEMBER, MembershipReads.item(tenant, user).key(), Expr.absent())
                .records(ServiceEvents.groupMember(group, userId, false)).build());
        return outcome.committed() || outcome.refused(Role.ASSIGNMENT) ? Unassignment.UNASSIGNED
                : Unassignment.SERVICE_CHANGED;
    }

    @Override
    public Optional<GroupMemberPage> groupMembers(Organisation organisation, ServiceGroup group,
                                                 Optional<UserKey> after, int limit) {
        if (find(organisation, group.service()).isEmpty()) {
            return Optional.empty();
        }
        TenantId tenant = organisation.id();
        Page page = table(tenant).query(KeyConditions.partition(ItemKey.tenantPartition(tenant),
                ServiceKeys.groupPrefix(group)), q -> q.consistentRead(true).limit(limit).exclusiveStartKey(after
                .map(user -> ServiceKeys.assignment(tenant, group, user).asMap()).orElse(null)));
        List<ServiceReads.Assignment> found = checked.all(ItemKind.ASSIGNMENT, scope(organisation), page.items(),
                AssignmentItems::fromItem);
        Optional<UserKey> last = page.next().isPresent() && !page.items().isEmpty()
                ? Optional.of(AssignmentItems.fromItem(page.items().get(page.items().size() - 1)).user())
                : Optional.empty();
        return Optional.of(new GroupMemberPage(found.stream().map(ServiceReads.Assignment::userId).toList(), last));
    }

    @Override
    public boolean isAssigned(Organisation organisation, ServiceGroup group, UserKey user) {
        TenantId tenant = organisation.id();
        ItemKey membership = MembershipReads.item(tenant, user).key();
        ItemKey service = ServiceKeys.service(tenant, group.service());
        ItemKey assignment = ServiceKeys.assignment(tenant, group, user);
        List<Map<String, AttributeValue>> items = table(tenant).getAll(List.of(membership, service, assignment));
        return checked.one(ItemKind.MEMBERSHIP, scope(organisation), ScopedTable.at(items, membership), item -> item)
                .isPresent()
                && checked.one(ItemKind.SERVICE, scope(organisation), ScopedTable.at(items, service),
                ServiceItems::fromItem).isPresent()
                && checked.one(ItemKind.ASSIGNMENT, scope(organisation), ScopedTable.at(items, assignment),
                AssignmentItems::fromItem).isPresent();
    }

    private static ReadScope scope(Organisation organisation) {
        return ReadScope.organisation(organisation.id(), organisation.incarnation());
    }

    /**
     * The first {@code most} items under {@code sortPrefix}, read strongly consistently (the service item read before
     * counts every assignment made before it, and this read must find each): enough to tell there are too many
     * without reading them all.
     */
    private List<Map<String, AttributeValue>> firstOf(TenantId tenant, String sortPrefix, int most) {
        return table(tenant).query(KeyConditions.partition(ItemKey.tenantPartition(tenant), sortPrefix),
                q -> q.consistentRead(true).limit(most)).items();
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
