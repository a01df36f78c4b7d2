package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationEvents;
import dev.enclave.app.domain.invitation.InvitationExpiry;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.DueLeases;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.jobs.DueInvitationExpiries;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link DueInvitationExpiries} on the owed-work index: each due entry is an invitee guard; the guard and the
 * invitation it names are read again in the organisation's partition (the tenant's credentials, strongly consistent),
 * and the invitation is expired only by a transaction whose conditions say it is still pending at the validity the
 * entry was found for and the guard still names it with that entry. An accept, decline, revocation, re-invite or
 * resend that commits first refuses it; one that comes after finds the invitation expired.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbInvitationExpiries(Store store, CheckedItems checked) implements DueInvitationExpiries {

    private static final Logger LOG = LoggerFactory.getLogger(DynamoDbInvitationExpiries.class);

    /** A guard found due: its organisation, its key, and its entry ({@code GSI3SK}) as found. */
    record Due(TenantId tenant, ItemKey guard, String mark) {
    }

    @Override
    public int expireDue(Instant now, int limit) {
        List<Due> due = due(now, limit);
        due.forEach(entry -> settleOrLeave(entry, now));
        return due.size();
    }

    /** A fault leaves the entry due for the next pass, and lets the others be settled now. */
    private void settleOrLeave(Due entry, Instant now) {
        try {
            settle(entry, now);
        } catch (RuntimeException fault) {
            LOG.warn("invitation expiry left due for the next pass: tenant={} {}", entry.tenant().value(),
                    fault.toString());
        }
    }

    /** The guards due before {@code now}, oldest first, at most {@code limit}; the index may lag. */
    List<Due> due(Instant now, int limit) {
        var found = DueLeases.due(store, TableDesign.DUE_INVITATION_EXPIRIES, now, limit);
        return checked.all(ItemKind.DUE_INVITATION_EXPIRY, ReadScope.dueInvitationExpiries(), found.items(),
                DynamoDbInvitationExpiries::due);
    }

    private void settle(Due entry, Instant now) {
        ScopedTable table = store.forTenant(entry.tenant());
        var organisationRead = OrganisationReads.item(entry.tenant());
        List<Map<String, AttributeValue>> items = table.getAll(List.of(entry.guard(), organisationRead.key()));
        Optional<ReadScope> life = organisationRead.in(items, ReadScope.tenant(entry.tenant()), checked)
                .map(organisation -> ReadScope.organisation(entry.tenant(), organisation.incarnation()));
        Map<String, AttributeValue> marked = Optional.ofNullable(ScopedTable.at(items, entry.guard())).orElse(Map.of());
        Optional<Map<String, AttributeValue>> guard = life.flatMap(scope -> checked.one(ItemKind.INVITEE_GUARD,
                scope, marked, item -> item));
        if (guard.isEmpty() && !marked.isEmpty()) {
            table.update(entry.guard(), offTheIndex(), stillMarked(entry));
        }
        if (guard.isEmpty() || InviteeGuards.expiryMark(guard.get()).filter(entry.mark()::equals).isEmpty()) {
            return;
        }
        InvitationId id = InviteeGuards.read(guard.get()).invitation();
        Optional<Invitation> invitation = checked.one(ItemKind.INVITATION, life.get(),
                table.get(InvitationKeys.key(entry.tenant(), id)), InvitationItems.SCHEMA::fromItem);
        switch (InvitationExpiry.judge(invitation, now)) {
            case EXPIRE -> expire(table, entry, invitation.get(), now);
            case FORGET -> table.update(entry.guard(), offTheIndex(), stillMarked(entry));
            case WAIT -> dueAtItsValidity(table, entry, invitation.get());
        }
    }

    /**
     * A guard due before its pending invitation's validity (a resend by an instance of a version that did not move
     * the entry) is made due at the validity, so it neither expires early nor comes back at every pass.
     */
    private static void dueAtItsValidity(ScopedTable table, Due entry, Invitation invitation) {
        String due = InvitationKeys.expiryMark(entry.tenant(), invitation.id(), invitation.validUntil());
        if (!due.equals(entry.mark())) {
            table.update(entry.guard(), Expr.update().set("#mark = :due").name("#mark", InviteeGuards.MARK)
                    .value(":due", AttributeValue.fromS(due)).build(), stillMarked(entry)
                    .and(DynamoDbInvitations.guardNames(invitation.id().value())));
        }
    }

    private static void expire(ScopedTable table, Due entry, Invitation invitation, Instant now) {
        Expr closed = DynamoDbInvitations.closing(entry.tenant(), InvitationStatus.EXPIRED).build();
        Expr pastItsValidity = DynamoDbInvitations.stillPending().and(Expr.of(
                "#validUntil = :validUntil AND #validUntil <= :now").name("#validUntil", InvitationItems.VALID_UNTIL)
                .number(":validUntil", invitation.validUntil().getEpochSecond()).number(":now", now.getEpochSecond()));
        table.transact(Transaction.builder()
                .update(InvitationWrite.INVITATION, InvitationKeys.key(entry.tenant(), invitation.id()), closed,
                        pastItsValidity)
                .delete(InvitationWrite.INVITEE, entry.guard(), DynamoDbInvitations.guardNames(invitation.id().value())
                        .and(stillMarked(entry)))
                .add(InvitationWrite.NOT_BEING_DELETED, OrganisationConditions.notBeingDeleted(entry.tenant()))
                .records(InvitationEvents.expired(invitation))
                .build());
    }

    private static Expr offTheIndex() {
        return Expr.update().remove("#due", "#mark").name("#due", InviteeGuards.DUE).name("#mark", InviteeGuards.MARK)
                .build();
    }

    private static Expr stillMarked(Due entry) {
        return Expr.of("#mark = :found").name("#mark", InviteeGuards.MARK).value(":found",
                AttributeValue.fromS(entry.mark()));
    }

    /** The entry as the index has it: the guard's key, and its mark, which must name the guard's own organisation. */
    static Due due(Map<String, AttributeValue> entry) {
        ItemKey guard = ItemKey.of(entry);
        String mark = ItemAttributes.string(entry, InviteeGuards.MARK);
        String[] parts = mark.split("#", -1);
        TenantId tenant = TenantId.of(parts.length == 3 ? parts[1] : "");
        if (!guard.partition().equals(ItemKey.tenantPartition(tenant)) || !InvitationId.isValid(parts[2])) {
            throw new IllegalArgumentException("an expiry entry whose mark names another organisation");
        }
        return new Due(tenant, guard, mark);
    }
}
