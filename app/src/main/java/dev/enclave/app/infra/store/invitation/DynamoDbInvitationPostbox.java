package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationDelivery;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.invitation.InviteToken;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.DueLeases;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link InvitationPostbox} on the invitation items, on the organisation's scoped client. */
@Singleton
@Requires(beans = {TenantDynamoDb.class, ResponseSeal.class})
record DynamoDbInvitationPostbox(Store store, CheckedItems checked, ResponseSeal seal) implements InvitationPostbox {

    /** How long an invitation's mail waits before it is looked at again while its organisation is not active. */
    static final Duration WHILE_NOT_ACTIVE = Duration.ofMinutes(5);

    enum Role implements WriteRole { POSTING, ORGANISATION_ACTIVE }

    @Override
    public Optional<Posting> take(TenantId tenant, InvitationId id, String holder, Instant now, Duration lease) {
        Expr taken = DueLeases.taken(InvitationPostings.HOLDER, InvitationPostings.LEASE_UNTIL, holder,
                now.plus(lease));
        ItemKey key = InvitationKeys.key(tenant, id);
        ScopedTable table = store.forTenant(tenant);
        TransactionOutcome outcome = table.transact(Transaction.builder()
                .update(Role.POSTING, key, taken, takeable(now))
                .check(Role.ORGANISATION_ACTIVE, OrganisationConditions.key(tenant), OrganisationConditions.activeNow())
                .build());
        if (outcome.committed()) {
            return posting(tenant, key, table.getAll(List.of(key, OrganisationConditions.key(tenant))), holder);
        }
        if (!outcome.refused(Role.POSTING)) {
            table.update(key, Expr.update().set("#dueSk = :later").name("#dueSk", TableDesign.BY_OWED_WORK.sortKey())
                    .value(":later", SortableTime.format(now.plus(WHILE_NOT_ACTIVE))).build(), takeable(now));
        } else {
            table.update(key, InvitationPostings.offTheIndex(Expr.update()).build(), noLongerMailable(now));
        }
        return Optional.empty();
    }

    /** Pending, to be mailed, with its token, and still valid. */
    private static Expr mailable(Instant now) {
        return Expr.of("#status = :pending AND #delivery = :email AND attribute_exists(#sealed) "
                        + "AND #validUntil > :nowSeconds")
                .name("#status", InvitationItems.STATUS).value(":pending", InvitationStatus.PENDING.name())
                .name("#delivery", InvitationPostings.DELIVERY).value(":email", InvitationDelivery.EMAIL.wire())
                .name("#sealed", InvitationPostings.SEALED_TOKEN)
                .name("#validUntil", InvitationItems.VALID_UNTIL).number(":nowSeconds", now.getEpochSecond());
    }

    private static Expr takeable(Instant now) {
        return mailable(now).and(DueLeases.takeable(InvitationPostings.LEASE_UNTIL, now));
    }

    /**
     * On the due-deliveries index but no longer to be mailed (closed, or handed over otherwise since, by a version
     * that left its entry behind): the entry goes, so it does not stand first in every poll.
     */
    private static Expr noLongerMailable(Instant now) {
        Expr mailable = mailable(now);
        return Expr.of("attribute_exists(#duePk) AND NOT (" + mailable.text() + ")")
                .name("#duePk", TableDesign.BY_OWED_WORK.partitionKey()).withPlaceholdersOf(mailable);
    }

    /**
     * The posting as read after the take, if it is still the one taken (a resend meanwhile released it), of the
     * organisation's life, and its inviter is still the member who sent it: one a predecessor under the same id left
     * behind, or one whose inviter was removed (no acceptance can pass its inviter's check), leaves the index, never
     * mailed.
     */
    private Optional<Posting> posting(TenantId tenant, ItemKey key, List<Map<String, AttributeValue>> items,
                                      String holder) {
        Map<String, AttributeValue> item = Optional.ofNullable(ScopedTable.at(items, key))
                .filter(read -> ItemAttributes.optionalString(read, InvitationPostings.HOLDER)
                        .filter(holder::equals).isPresent())
                .orElse(Map.of());
        var organisationRead = OrganisationReads.item(tenant);
        Optional<Organisation> organisation = checked.one(ItemKind.ORGANISATION, ReadScope.tenant(tenant),
                Optional.ofNullable(ScopedTable.at(items, organisationRead.key())).orElse(Map.of()),
                organisationRead.mapper());
        Optional<Invitation> invitation = organisation.flatMap(found -> checked.one(ItemKind.INVITATION,
                ReadScope.organisation(tenant, found.incarnation()), item, InvitationItems.SCHEMA::fromItem))
                .filter(found -> inviterStillThere(found, organisation.get()));
        if (invitation.isEmpty() && !item.isEmpty()) {
            store.forTenant(tenant).update(key, InvitationPostings.offTheIndex(Expr.update()).build(), held(holder));
        }
        Optional<InviteToken> token = opened(item, key);
        if (invitation.isEmpty() || token.isEmpty()) {
            return Optional.empty();
        }
        int attempts = ItemAttributes.optionalNumber(item, InvitationPostings.ATTEMPTS).orElse(0L).intValue();
        return Optional.of(new Posting(invitation.get(), token.get(), organisation.get().name(), attempts));
    }

    /**
     * Whether the member who sent {@code invitation} is still the member they were (not removed, nor removed and
     * made a member again): only then can it be accepted, so only then is it mailed. A strongly consistent read of
     * their membership; the platform's own invitations (onboarding) have no inviter.
     */
    private boolean inviterStillThere(Invitation invitation, Organisation organisation) {
        TenantId tenant = invitation.tenant();
        return invitation.inviter().map(inviter -> {
            var read = MembershipReads.item(tenant, inviter);
            return read.in(store.forTenant(tenant).getAll(List.of(read.key())),
                    ReadScope.organisation(tenant, organisation.incarnation()), checked)
                    .filter(member -> invitation.sentInMembershipOf(member.joinedAt())).isPresent();
        }).orElse(true);
    }

    private static Expr held(String holder) {
        return Expr.of("#holder = :me").name("#holder", InvitationPostings.HOLDER).value(":me", holder);
    }

    @Override
    public boolean mailed(Posting posting, String holder, Instant now) {
        Expr done = Expr.update().set("#mailedAt = :now").name("#mailedAt", InvitationPostings.MAILED_AT)
                .value(":now", now.toString())
                .remove("#sealed", "#duePk", "#dueSk", "#holder", "#lease", "#fault")
                .name("#sealed", InvitationPostings.SEALED_TOKEN)
                .name("#duePk", TableDesign.BY_OWED_WORK.partitionKey())
                .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey()).name("#holder", InvitationPostings.HOLDER)
                .name("#lease", InvitationPostings.LEASE_UNTIL).name("#fault", InvitationPostings.FAULT).build();
        return update(posting, holder, done);
    }

    @Override
    public boolean notMailed(Posting posting, String holder, Optional<Instant> next, String fault) {
        Expr.UpdateBuilder update = Expr.update().set("#fault = :fault, #attempts = :attempts")
                .name("#fault", InvitationPostings.FAULT).value(":fault", fault)
                .name("#attempts", InvitationPostings.ATTEMPTS).number(":attempts", posting.attempts() + 1L)
                .remove("#holder", "#lease").name("#holder", InvitationPostings.HOLDER)
                .name("#lease", InvitationPostings.LEASE_UNTIL);
        next.ifPresentOrElse(at -> update.set("#dueSk = :next").name("#dueSk", TableDesign.BY_OWED_WORK.sortKey())
                        .value(":next", SortableTime.format(at)),
                () -> update.remove("#sealed", "#duePk", "#dueSk").name("#sealed", InvitationPostings.SEALED_TOKEN)
                        .name("#duePk", TableDesign.BY_OWED_WORK.partitionKey())
                        .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey()));
        return update(posting, holder, update.build());
    }

    private boolean update(Posting posting, String holder, Expr update) {
        Invitation invitation = posting.invitation();
        return store.forTenant(invitation.tenant()).update(InvitationKeys.key(invitation.tenant(), invitation.id()),
                update, held(holder));
    }

    @Override
    public Optional<InviteToken> webhookToken(TenantId tenant, InvitationId id) {
        ItemKey key = InvitationKeys.key(tenant, id);
        Map<String, AttributeValue> item = checked.one(ItemKind.INVITATION, ReadScope.tenant(tenant),
                store.forTenant(tenant).get(key), found -> found).orElse(Map.of());
        boolean byWebhook = ItemAttributes.optionalString(item, InvitationPostings.DELIVERY)
                .filter(InvitationDelivery.WEBHOOK.wire()::equals).isPresent();
        boolean pending = ItemAttributes.optionalString(item, InvitationItems.STATUS)
                .filter(InvitationStatus.PENDING.name()::equals).isPresent();
        return byWebhook && pending ? opened(item, key) : Optional.empty();
    }

    private Optional<InviteToken> opened(Map<String, AttributeValue> item, ItemKey key) {
        return ItemAttributes.optionalString(item, InvitationPostings.SEALED_TOKEN)
                .flatMap(sealed -> seal.open(sealed, InvitationPostings.recordKey(key))).flatMap(InviteToken::parse);
    }
}
