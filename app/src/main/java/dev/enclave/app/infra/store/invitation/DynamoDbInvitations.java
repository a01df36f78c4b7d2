package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationDelivery;
import dev.enclave.app.domain.invitation.InvitationEvents;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.invitation.Invitations;
import dev.enclave.app.domain.member.MemberEvents;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationEvents;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.organisation.OrganisationRules;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.IndexPositions;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.Page;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.member.MembershipRules;
import dev.enclave.app.infra.store.member.MembershipWrites;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.app.infra.store.organisation.OrganisationWrites;
import dev.enclave.app.infra.store.service.ServiceReads;
import dev.enclave.app.infra.store.service.ServiceWrites;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link Invitations} on the single table. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
public record DynamoDbInvitations(Store store, CheckedItems checked, Optional<ResponseSeal> seal, Clock clock)
        implements Invitations {

    private static final String PENDING = InvitationStatus.PENDING.name();

    @Override
    public WriteOutcome send(Invitation sent, Organisation organisation, Supersedes supersedes) {
        return send(sent, organisation, Optional.empty(), supersedes);
    }

    @Override
    public WriteOutcome send(Invitation sent, Organisation organisation, Handover handover, Supersedes supersedes) {
        return send(sent, organisation, Optional.of(handover), supersedes);
    }

    /**
     * The email's invitee guard is read (only this life's: one a deleted organisation left names nothing of this
     * one, and is replaced), then the invitation it names, which is superseded only when {@code supersedes} allows
     * it; the transaction is written only while the guard still names it and it is still pending.
     */
    private WriteOutcome send(Invitation sent, Organisation organisation, Optional<Handover> handover,
                              Supersedes supersedes) {
        ScopedTable table = table(sent.tenant());
        Invitation invitation = sent.withServiceGenerations(generations(table, sent));
        ItemKey inviteeKey = InvitationKeys.inviteeKey(invitation.tenant(), EmailKey.of(invitation.email()));
        Optional<String> previous = Optional.of(table.get(inviteeKey))
                .filter(guard -> Incarnations.belongsTo(guard, organisation.incarnation()))
                .flatMap(guard -> ItemAttributes.optionalString(guard, InviteeGuards.INVITATION));
        Optional<Map<String, AttributeValue>> previousItem = previous.map(id -> table.get(InvitationKeys.key(
                invitation.tenant(), new InvitationId(id)))).filter(item -> !item.isEmpty());
        if (previousItem.flatMap(item -> checked.one(ItemKind.INVITATION, ReadScope.organisation(
                invitation.tenant(), organisation.incarnation()), item, InvitationItems.SCHEMA::fromItem))
                .filter(old -> old.status() == InvitationStatus.PENDING).filter(old -> !supersedes.mayClose(old))
                .isPresent()) {
            return WriteOutcome.NOT_SUPERSEDABLE;
        }
        Transaction.Builder writes = Transaction.builder().writtenBy(organisation.incarnation())
                .create(InvitationWrite.INVITATION, handedOver(InvitationItems.withGroupLives(
                        InvitationItems.SCHEMA.toItem(invitation), groupLives(table, invitation)), invitation,
                        handover))
                .put(InvitationWrite.INVITEE, InviteeGuards.of(invitation),
                        previous.map(DynamoDbInvitations::guardNames)
                                .orElseGet(() -> Incarnations.noneOf(organisation.incarnation())))
                .add(InvitationWrite.NOT_YET_A_MEMBER, MembershipWrites.notYetAMember(invitation.tenant(),
                        invitation.email(), organisation.incarnation()))
                .add(InvitationWrite.SEAT_AVAILABLE, OrganisationConditions.stillTakesAMember(organisation));
        servicesExist(writes, invitation);
        Optional<InvitationId> superseded = previous.map(InvitationId::new).filter(id -> supersede(writes,
                InvitationKeys.key(invitation.tenant(), id), previousItem.isPresent(), invitation.tenant()));
        writes.records(InvitationEvents.sent(invitation, superseded));
        return outcome(table.transact(writes.build()), organisation, checked);
    }

    /**
     * Closes the invitation the guard named, or, when TTL has already removed it (the guard outlived it), checks it
     * is still gone: an address whose last invitation expired away can be invited again. Whether it closes one.
     */
    private static boolean supersede(Transaction.Builder writes, ItemKey previous, boolean there,
                                     TenantId tenant) {
        if (!there) {
            writes.check(InvitationWrite.SUPERSEDED, previous, Expr.absent());
            return false;
        }
        writes.update(InvitationWrite.SUPERSEDED, previous, closing(tenant, InvitationStatus.SUPERSEDED).build(),
                stillPending());
        return true;
    }

    @Override
    public Onboarding onboard(Organisation organisation, Invitation ownerInvitation) {
        TransactionOutcome outcome = table(organisation.id()).transact(Transaction.builder()
                .writtenBy(organisation.incarnation())
                .add(InvitationWrite.ORGANISATION, OrganisationWrites.created(organisation))
                .create(InvitationWrite.INVITATION, InvitationItems.SCHEMA.toItem(ownerInvitation))
                .create(InvitationWrite.INVITEE, InviteeGuards.of(ownerInvitation))
                .records(OrganisationEvents.created(organisation), InvitationEvents.sent(ownerInvitation))
                .build());
        if (outcome.committed()) {
            return Onboarding.DONE;
        }
        boolean deleting = outcome.oldItem(InvitationWrite.ORGANISATION)
                .map(OrganisationReads.item(organisation.id()).mapper())
                .filter(held -> held.status() == OrganisationStatus.DELETING).isPresent();
        return deleting ? Onboarding.BEING_DELETED : Onboarding.TAKEN;
    }

    @Override
    public Optional<Invitation> find(TenantId tenant, InvitationId id) {
        ItemRead<Invitation> invitationRead = new ItemRead<>(ItemKind.INVITATION, InvitationKeys.key(tenant, id),
                InvitationItems.SCHEMA::fromItem);
        ItemRead<Organisation> organisationRead = OrganisationReads.item(tenant);
        List<Map<String, AttributeValue>> items = table(tenant).getAll(List.of(invitationRead.key(),
                organisationRead.key()));
        return invitationRead.in(items, lifeOf(tenant, organisationRead.in(items, ReadScope.tenant(tenant), checked)),
                checked);
    }

    /**
     * The organisation's life as read, for reading its invitations: one a predecessor under the same id left behind
     * is not the organisation's.
     */
    private static ReadScope lifeOf(TenantId tenant, Optional<Organisation> organisation) {
        return organisation.map(found -> ReadScope.organisation(tenant, found.incarnation()))
                .orElseGet(() -> ReadScope.tenant(tenant));
    }

    @Override
    public Optional<ToAccept> findToAccept(TenantId tenant, InvitationId id) {
        ItemRead<Invitation> invitationRead = new ItemRead<>(ItemKind.INVITATION, InvitationKeys.key(tenant, id),
                InvitationItems.SCHEMA::fromItem);
        ItemRead<Organisation> organisationRead = OrganisationReads.item(tenant);
        ItemRead<GroupDefinitions> definitionsRead = MembershipReads.definitions(tenant);
        List<Map<String, AttributeValue>> items = table(tenant).getAll(List.of(invitationRead.key(),
                organisationRead.key(), definitionsRead.key()));
        Optional<Organisation> organisation = organisationRead.in(items, ReadScope.tenant(tenant), checked);
        ReadScope scope = lifeOf(tenant, organisation);
        Optional<Invitation> invitation = invitationRead.in(items, scope, checked);
        GroupDefinitions definitions = definitionsRead.in(items, scope, checked).orElse(GroupDefinitions.NONE);
        Map<GroupName, Instant> livesWhenSent = invitation.map(found -> InvitationItems.groupLives(
                ScopedTable.at(items, invitationRead.key()))).orElse(Map.of());
        return invitation.map(found -> new ToAccept(found, organisation, definitions,
                goneSinceSent(livesWhenSent, definitions)));
    }

    /** The custom groups defined when the invitation was sent that are not in that life now (deleted, or again). */
    private static Set<GroupName> goneSinceSent(Map<GroupName, Instant> livesWhenSent, GroupDefinitions definitions) {
        return livesWhenSent.entrySet().stream().filter(sent -> definitions.find(sent.getKey())
                        .filter(now -> now.createdAt().equals(sent.getValue())).isEmpty())
                .map(Map.Entry::getKey).collect(Collectors.toSet());
    }

    /** The lives of the custom groups {@code invitation} grants, as the organisation defines them now. */
    private Map<GroupName, Instant> groupLives(ScopedTable table, Invitation invitation) {
        if (!invitation.grantsCustomGroups()) {
            return Map.of();
        }
        ItemRead<GroupDefinitions> definitionsRead = MembershipReads.definitions(invitation.tenant());
        GroupDefinitions definitions = definitionsRead.in(List.of(table.get(definitionsRead.key())),
                ReadScope.tenant(invitation.tenant()), checked).orElse(GroupDefinitions.NONE);
        Map<GroupName, Instant> lives = new HashMap<>();
        invitation.groups().forEach(group -> definitions.find(group)
                .ifPresent(defined -> lives.put(group, defined.createdAt())));
        return lives;
    }

    /**
     * The checks that the inviter may still grant what the invitation grants, judged on their membership and the
     * granted services as they are now (one strongly consistent read; a service of another life than the
     * invitation's is left to the accept, which goes on without its groups) and the group definitions the accept
     * read, and written with the acceptance.
     */
    private InviterAtAccept inviterChecks(Organisation organisation, UserKey inviter, Invitation invitation,
                                          GroupDefinitions definitions) {
        TenantId tenant = organisation.id();
        ItemRead<Membership> inviterRead = MembershipReads.item(tenant, inviter);
        List<ItemRead<Service>> serviceReads = grantedServices(invitation)
                .map(service -> ServiceReads.item(tenant, service)).toList();
        List<ItemKey> keys = new ArrayList<>(List.of(inviterRead.key()));
        serviceReads.forEach(read -> keys.add(read.key()));
        List<Map<String, AttributeValue>> items = table(tenant).getAll(keys);
        ReadScope life = ReadScope.organisation(tenant, organisation.incarnation());
        Map<ServiceId, Service> services = new LinkedHashMap<>();
        serviceReads.forEach(read -> read.in(items, life, checked)
                .filter(found -> generation(invitation, found.id()).map(found.generation()::equals).orElse(true))
                .ifPresent(found -> services.put(found.id(), found)));
        return InviterAtAccept.of(tenant, inviter, inviterRead.in(items, life, checked), definitions, invitation,
                services);
    }

    @Override
    public WriteOutcome accept(Invitation invitation, Membership membership, Organisation organisation,
                               GroupDefinitions definitions, long nowEpochSeconds) {
        TenantId tenant = invitation.tenant();
        Transaction.Builder writes = Transaction.builder().writtenBy(organisation.incarnation())
                .update(InvitationWrite.INVITATION, InvitationKeys.key(tenant, invitation.id()),
                        closing(tenant, InvitationStatus.ACCEPTED).set("#acceptedBy = :by")
                                .name("#acceptedBy", InvitationItems.ACCEPTED_BY)
                                .value(":by", membership.user().digest()).build(),
                        stillPending().and(Incarnations.writtenBy(organisation.incarnation()))
                                .and(Expr.of("#tokenHash = :hash AND #validUntil > :now")
                                .name("#tokenHash", InvitationItems.TOKEN_HASH)
                                .name("#validUntil", InvitationItems.VALID_UNTIL)
                                .value(":hash", invitation.tokenHash()).number(":now", nowEpochSeconds)))
                .add(InvitationWrite.NOT_YET_A_MEMBER, MembershipWrites.joined(membership,
                        new OrganisationName(organisation.name(), organisation.version()),
                        invitation.serviceGroups().stream().map(ServiceWrites::recordedAs)
                                .collect(Collectors.toSet()), organisation.incarnation()))
                .add(InvitationWrite.NOT_YET_A_MEMBER, MembershipWrites.emailTaken(membership,
                        organisation.incarnation()))
                .add(InvitationWrite.SEAT_AVAILABLE, OrganisationConditions.joined(organisation, membership.isOwner()))
                .delete(InvitationWrite.INVITEE, InvitationKeys.inviteeKey(tenant, EmailKey.of(invitation.email())),
                        guardNames(invitation.id().value()))
                .records(InvitationEvents.accepted(invitation, membership.userId()), MemberEvents.added(membership));
        Optional<InviterAtAccept> inviter = invitation.inviter().map(user -> inviterChecks(organisation, user,
                invitation, definitions));
        Write definitionsAsRead = MembershipRules.definitionsGranting(tenant, definitions.version(),
                membership.groups().stream().filter(group -> definitions.find(group).isPresent())
                        .collect(Collectors.toSet()));
        boolean counted = definitionsAsRead instanceof Write.Update;
        inviter.ifPresent(judged -> judged.checks().stream()
                .filter(check -> !counted || !check.key().equals(definitionsAsRead.key()))
                .forEach(check -> writes.add(InvitationWrite.INVITER, check)));
        if (counted || invitation.grantsCustomGroups() && inviter.map(InviterAtAccept::checks).orElse(List.of())
                .stream().noneMatch(check -> check.key().equals(definitionsAsRead.key()))) {
            writes.add(InvitationWrite.GROUPS, definitionsAsRead);
        }
        servicesAssigned(writes, invitation, inviter.map(InviterAtAccept::judgedServices).orElse(Map.of()));
        invitation.serviceGroups().forEach(granted -> writes.add(InvitationWrite.SERVICE_ASSIGNMENT,
                ServiceWrites.assignment(tenant, granted, membership.user(), membership.userId())));
        return outcome(table(tenant).transact(writes.build()), organisation, checked);
    }

    /**
     * Each service the invitation grants a group of, checked once however many of its groups it grants: there, and
     * of the generation the invitation records.
     */
    private static void servicesExist(Transaction.Builder writes, Invitation invitation) {
        grantedServices(invitation).forEach(service -> writes.add(InvitationWrite.SERVICE,
                ServiceWrites.exists(invitation.tenant(), service, generation(invitation, service))));
    }

    /** The generation of each service the invitation grants groups of, as the table holds them now. */
    private Map<ServiceId, String> generations(ScopedTable table, Invitation invitation) {
        return ServiceReads.generations(table, checked, invitation.tenant(), invitation.grantedServices());
    }

    /** The generation of {@code service} the invitation records, if it records one. */
    private static Optional<String> generation(Invitation invitation, ServiceId service) {
        return Optional.ofNullable(invitation.serviceGenerations().get(service));
    }

    /**
     * Each service the invitation grants groups of counts the assignments the accept makes (so a deletion racing it
     * reads them again), once per service.
     */
    private static void servicesAssigned(Transaction.Builder writes, Invitation invitation,
                                         Map<ServiceId, Service> judged) {
        grantedServices(invitation).forEach(service -> {
            long count = invitation.serviceGroups().stream().filter(group -> group.service().equals(service)).count();
            Optional<String> generation = generation(invitation, service);
            writes.add(InvitationWrite.SERVICE, judged.containsKey(service)
                    ? ServiceWrites.assignmentsMade(invitation.tenant(), service, count, generation,
                    judged.get(service).version())
                    : ServiceWrites.assignmentsMade(invitation.tenant(), service, count, generation));
        });
    }

    private static java.util.stream.Stream<ServiceId> grantedServices(Invitation invitation) {
        return invitation.serviceGroups().stream().map(ServiceGroup::service).distinct()
                .sorted(Comparator.comparing(ServiceId::value));
    }

    @Override
    public Set<ServiceId> grantedServicesStillThere(Invitation invitation) {
        return generations(table(invitation.tenant()), invitation).entrySet().stream()
                .filter(now -> generation(invitation, now.getKey()).map(now.getValue()::equals).orElse(true))
                .map(Map.Entry::getKey).collect(Collectors.toSet());
    }

    @Override
    public boolean revoke(Invitation invitation) {
        return table(invitation.tenant()).transact(closed(invitation, InvitationStatus.REVOKED, stillPending())
                .add(InvitationWrite.NOT_BEING_DELETED, OrganisationConditions.notBeingDeleted(invitation.tenant()))
                .build()).committed();
    }

    /**
     * Declines with the token read, while the organisation is active in the life read: a suspension or a deletion
     * landing after the invitee's request was decided refuses it, and says which, from the item as it refused.
     */
    @Override
    public WriteOutcome decline(Invitation invitation, Organisation organisation) {
        Expr asRead = stillPending().and(Expr.of("#tokenHash = :declined").name("#tokenHash",
                InvitationItems.TOKEN_HASH).value(":declined", invitation.tokenHash()));
        TransactionOutcome outcome = table(invitation.tenant()).transact(closed(invitation, InvitationStatus.DECLINED,
                asRead).add(InvitationWrite.ACTIVE, OrganisationConditions.stillActive(organisation)).build());
        if (outcome.committed()) {
            return WriteOutcome.DONE;
        }
        if (!outcome.refused(InvitationWrite.ACTIVE)) {
            return WriteOutcome.INVITATION_CHANGED;
        }
        return OrganisationConditions.suspendedIn(outcome.oldItem(InvitationWrite.ACTIVE), organisation.incarnation())
                ? WriteOutcome.ORGANISATION_SUSPENDED : WriteOutcome.ORGANISATION_GONE;
    }

    /** The invitation closed as {@code status} if {@code asRead}, its guard with it, and its event. */
    private static Transaction.Builder closed(Invitation invitation, InvitationStatus status, Expr asRead) {
        return Transaction.builder()
                .update(InvitationWrite.INVITATION, InvitationKeys.key(invitation.tenant(), invitation.id()),
                        closing(invitation.tenant(), status).build(), asRead)
                .delete(InvitationWrite.INVITEE, InvitationKeys.inviteeKey(invitation.tenant(),
                        EmailKey.of(invitation.email())), guardNames(invitation.id().value()))
                .records(InvitationEvents.closed(invitation, status));
    }

    @Override
    public boolean renew(Invitation invitation, String tokenHash, Instant validUntil) {
        return renew(invitation, tokenHash, validUntil, Optional.empty());
    }

    @Override
    public boolean renew(Invitation invitation, String tokenHash, Instant validUntil, Handover handover) {
        return renew(invitation, tokenHash, validUntil, Optional.of(handover));
    }

    private boolean renew(Invitation invitation, String tokenHash, Instant validUntil, Optional<Handover> handover) {
        ItemKey key = InvitationKeys.key(invitation.tenant(), invitation.id());
        Expr.UpdateBuilder renewal = Expr.update()
                .set("#tokenHash = :hash, #validUntil = :until, #expiresAt = :expires")
                .name("#tokenHash", InvitationItems.TOKEN_HASH).name("#validUntil", InvitationItems.VALID_UNTIL)
                .name("#expiresAt", TableAttributes.TTL).value(":hash", tokenHash)
                .number(":until", validUntil.getEpochSecond())
                .number(":expires", InvitationItems.expiresAt(validUntil));
        handover.ifPresent(given -> InvitationPostings.handedOver(renewal, given, sealFor(given), key,
                clock.instant()));
        InvitationItems.sentBy(renewal, invitation);
        Expr update = renewal.build();
        Expr guardLivesAsLong = InviteeGuards.renewed(invitation, validUntil);
        Expr stillValid = stillPending().and(Expr.of("#validUntil > :renewedAt AND #tokenHash = :readHash")
                .name("#validUntil", InvitationItems.VALID_UNTIL).number(":renewedAt", clock.instant().getEpochSecond())
                .name("#tokenHash", InvitationItems.TOKEN_HASH).value(":readHash", invitation.tokenHash()));
        return table(invitation.tenant()).transact(Transaction.builder()
                .update(InvitationWrite.INVITATION, key, update, stillValid)
                .update(InvitationWrite.INVITEE, InvitationKeys.inviteeKey(invitation.tenant(),
                        EmailKey.of(invitation.email())), guardLivesAsLong, guardNames(invitation.id().value()))
                .records(InvitationEvents.resent(invitation, validUntil))
                .build()).committed();
    }

    private Map<String, AttributeValue> handedOver(Map<String, AttributeValue> item, Invitation invitation,
                                                  Optional<Handover> handover) {
        return handover.map(given -> InvitationPostings.handedOver(item, given, sealFor(given),
                InvitationKeys.key(invitation.tenant(), invitation.id()), clock.instant())).orElse(item);
    }

    /** The seal a handover needs; none for a token handed to the sender. */
    private ResponseSeal sealFor(Handover handover) {
        return seal.orElseGet(() -> {
            if (handover.delivery() != InvitationDelivery.TOKEN) {
                throw new IllegalStateException("delivering invitations by " + handover.delivery().wire()
                        + " needs enclave.idempotency.sealing-keys");
            }
            return null;
        });
    }

    @Override
    public InvitationPage withStatus(Organisation organisation, InvitationStatus status, int limit,
                                     Optional<String> after) {
        TenantId tenant = organisation.id();
        Page page = table(tenant).query(InvitationKeys.withStatus(tenant, status), q -> {
            q.indexName(TableDesign.BY_TENANT_COLLECTION.indexName()).limit(limit).scanIndexForward(false);
            after.ifPresent(position -> q.exclusiveStartKey(InvitationKeys.byStatusStart(tenant, status, position)));
        });
        List<Invitation> found = checked.all(ItemKind.INVITATION, ReadScope.organisation(tenant,
                organisation.incarnation()), page.items(), InvitationItems.SCHEMA::fromItem);
        Optional<String> last = page.next().flatMap(InvitationKeys::lastPosition);
        return new InvitationPage(found, last);
    }

    @Override
    public InvitationPage pendingFor(EmailKey email, Optional<TenantId> in, int limit, Optional<String> after) {
        Page page = store.forScope(GuardScope.ownEntries(email.prefix())).query(InvitationKeys.pendingFor(email, in),
                q -> {
            q.indexName(TableDesign.BY_USER.indexName()).limit(limit);
            after.ifPresent(position -> q.exclusiveStartKey(IndexPositions.start(TableDesign.BY_USER,
                    email.prefix().value(), position)));
        });
        return new InvitationPage(checked.all(ItemKind.INVITATION, ReadScope.ownEntries(email.prefix(),
                InvitationKeys.SORT_KEY_PREFIX), page.items(), InvitationItems.SCHEMA::fromItem),
                page.next().map(stop -> IndexPositions.of(TableDesign.BY_USER, stop)));
    }

    /**
     * What a cancelled workflow means, by the roles that refused: a membership item (the email is a member), then the
     * organisation, from its item as it was when it refused. An organisation that still takes members refused only
     * because its version moved on since read: like the invitation or its guard changing, that is read again.
     */
    static WriteOutcome outcome(TransactionOutcome outcome, Organisation organisation, CheckedItems checked) {
        if (outcome.committed()) {
            return WriteOutcome.DONE;
        }
        if (outcome.refused(InvitationWrite.NOT_YET_A_MEMBER)) {
            return WriteOutcome.ALREADY_MEMBER;
        }
        if (outcome.refused(InvitationWrite.SEAT_AVAILABLE)) {
            return OrganisationRules.refusal(OrganisationReads.item(organisation.id())
                            .of(outcome.oldItem(InvitationWrite.SEAT_AVAILABLE), ReadScope.tenant(organisation.id()),
                                    checked), organisation)
                    .map(WriteOutcome::refusedBy).orElse(WriteOutcome.INVITATION_CHANGED);
        }
        if (outcome.refused(InvitationWrite.SERVICE)) {
            return WriteOutcome.SERVICE_GONE;
        }
        if (outcome.refused(InvitationWrite.INVITER)) {
            return WriteOutcome.INVITER_GONE;
        }
        return WriteOutcome.INVITATION_CHANGED;
    }

    /**
     * Moves a pending invitation to a final status, off the invitee's index, and, if it was to be mailed, off the
     * due-deliveries index with its sealed token.
     */
    static Expr.UpdateBuilder closing(TenantId tenant, InvitationStatus status) {
        return InvitationPostings.offTheIndex(Expr.update().set("#status = :closed, #collection = :collection")
                .remove("#invitee", "#inviteeSort", "#sealedToken")
                .name("#status", InvitationItems.STATUS).value(":closed", status.name())
                .name("#collection", TableDesign.BY_TENANT_COLLECTION.partitionKey())
                .value(":collection", InvitationKeys.byStatus(tenant, status))
                .name("#invitee", TableDesign.BY_USER.partitionKey())
                .name("#inviteeSort", TableDesign.BY_USER.sortKey())
                .name("#sealedToken", InvitationPostings.SEALED_TOKEN));
    }

    static Expr stillPending() {
        return Expr.of("#status = :pending").name("#status", InvitationItems.STATUS).value(":pending", PENDING);
    }

    /** The invitee guard still names invitation {@code id}. */
    static Expr guardNames(String id) {
        return Expr.of("#invitation = :invitation").name("#invitation", InviteeGuards.INVITATION)
                .value(":invitation", id);
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
