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
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link InvitationPostbox} on the invitation items, on the organisation's scoped client. */
@Singleton
@Requires(beans = {TenantDynamoDb.class, ResponseSeal.class})
record DynamoDbInvitationPostbox(Store store, CheckedItems checked, ResponseSeal seal) implements InvitationPostbox {

    @Override
    public Optional<Posting> take(TenantId tenant, InvitationId id, String holder, Instant now, Duration lease) {
        Expr taken = DueLeases.taken(InvitationPostings.HOLDER, InvitationPostings.LEASE_UNTIL, holder,
                now.plus(lease));
        Expr takeable = Expr.of("#status = :pending AND #delivery = :email AND attribute_exists(#sealed)")
                .name("#status", InvitationItems.STATUS).value(":pending", InvitationStatus.PENDING.name())
                .name("#delivery", InvitationPostings.DELIVERY).value(":email", InvitationDelivery.EMAIL.wire())
                .name("#sealed", InvitationPostings.SEALED_TOKEN)
                .and(DueLeases.takeable(InvitationPostings.LEASE_UNTIL, now));
        ItemKey key = InvitationKeys.key(tenant, id);
        return store.forTenant(tenant).updateReturning(key, taken, takeable).updated()
                .flatMap(item -> posting(tenant, key, item));
    }

    private Optional<Posting> posting(TenantId tenant, ItemKey key, Map<String, AttributeValue> item) {
        Optional<Invitation> invitation = checked.one(ItemKind.INVITATION, ReadScope.tenant(tenant), item,
                InvitationItems.SCHEMA::fromItem);
        Optional<InviteToken> token = opened(item, key);
        if (invitation.isEmpty() || token.isEmpty()) {
            return Optional.empty();
        }
        var organisation = OrganisationReads.item(tenant);
        String name = checked.one(ItemKind.ORGANISATION, ReadScope.tenant(tenant),
                store.forTenant(tenant).get(organisation.key()), organisation.mapper()).map(Organisation::name)
                .orElse(tenant.value());
        int attempts = ItemAttributes.optionalNumber(item, InvitationPostings.ATTEMPTS).orElse(0L).intValue();
        return Optional.of(new Posting(invitation.get(), token.get(), name, attempts));
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
        Expr held = Expr.of("#holder = :me").name("#holder", InvitationPostings.HOLDER).value(":me", holder);
        return store.forTenant(invitation.tenant()).update(InvitationKeys.key(invitation.tenant(), invitation.id()),
                update, held);
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
