package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The invitee guard: at the email's key in the organisation's partition ({@link InvitationKeys#inviteeKey}), naming
 * the one pending invitation of that email, so a re-invite supersedes it instead of adding another.
 */
final class InviteeGuards {

    /** The attribute naming the guarded invitation. */
    static final String INVITATION = "invitation";
    static final String DUE = TableDesign.BY_OWED_WORK.partitionKey();
    static final String MARK = TableDesign.BY_OWED_WORK.sortKey();

    private InviteeGuards() {
    }

    /**
     * The guard of {@code invitation}, due on the invitation expiries when it stops being valid; TTL removes it with
     * the invitation it names (renewing an invitation moves all three).
     */
    static Map<String, AttributeValue> of(Invitation invitation) {
        return item(invitation.tenant(), new InvitationReads.Invitee(EmailKey.of(invitation.email()),
                invitation.id())).number(TableAttributes.TTL, InvitationItems.expiresAt(invitation.validUntil()))
                .string(DUE, TableDesign.DUE_INVITATION_EXPIRIES)
                .string(MARK, InvitationKeys.expiryMark(invitation.tenant(), invitation.id(), invitation.validUntil()))
                .build();
    }

    /** The guard of {@code invitation} renewed until {@code validUntil}: its expiry, and its entry, move with it. */
    static Expr renewed(Invitation invitation, Instant validUntil) {
        return Expr.update().set("#expiresAt = :expires, #due = :due, #mark = :mark")
                .name("#expiresAt", TableAttributes.TTL).number(":expires", InvitationItems.expiresAt(validUntil))
                .name("#due", DUE).value(":due", TableDesign.DUE_INVITATION_EXPIRIES)
                .name("#mark", MARK).value(":mark", InvitationKeys.expiryMark(invitation.tenant(), invitation.id(),
                        validUntil)).build();
    }

    /** The guard's entry on the due invitation expiries, if it has one. */
    static Optional<String> expiryMark(Map<String, AttributeValue> guard) {
        return ItemAttributes.optionalString(guard, DUE).filter(TableDesign.DUE_INVITATION_EXPIRIES::equals)
                .flatMap(due -> ItemAttributes.optionalString(guard, MARK));
    }

    /** The guard of {@code invitee} in {@code tenant}'s partition, as far as it says (no expiry). */
    static Map<String, AttributeValue> written(TenantId tenant, InvitationReads.Invitee invitee) {
        return item(tenant, invitee).build();
    }

    private static ItemBuilder item(TenantId tenant, InvitationReads.Invitee invitee) {
        return ItemBuilder.at(InvitationKeys.inviteeKey(tenant, invitee.email())).string("type", "invitee")
                .string(INVITATION, invitee.invitation().value());
    }

    /** What a guard says: whose email it is kept for (by its key) and the invitation it names. */
    static InvitationReads.Invitee read(Map<String, AttributeValue> item) {
        return new InvitationReads.Invitee(InvitationKeys.emailOfGuard(ItemAttributes.sortKey(item)),
                new InvitationId(ItemAttributes.string(item, INVITATION)));
    }
}
