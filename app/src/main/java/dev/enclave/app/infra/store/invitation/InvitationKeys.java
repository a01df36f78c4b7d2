package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where invitations live: {@code PK = TENANT#<org>#, SK = INVITATION#<id>}; by status on {@code byTenantCollection}
 * ({@code GSI1PK = TENANT#<org>#INVITATIONS#<status>}); while pending, on the invitee's {@code byUser} entry
 * ({@code GSI2PK = EMAIL#<digest>#}). The invitee guard {@code SK = INVITEE#<email digest>} names the one pending
 * invitation per email, so a re-invite supersedes instead of duplicating.
 */
final class InvitationKeys {

    /** Sort-key prefix of every invitation. */
    static final String SORT_KEY_PREFIX = "INVITATION#";
    /** Sort-key prefix of every invitee guard. */
    static final String INVITEE_PREFIX = "INVITEE#";

    private InvitationKeys() {
    }

    static ItemKey key(TenantId tenant, InvitationId id) {
        return ItemKey.inTenant(tenant, SORT_KEY_PREFIX + id.value());
    }

    static ItemKey inviteeKey(TenantId tenant, EmailKey email) {
        return ItemKey.inTenant(tenant, INVITEE_PREFIX + email.digest());
    }

    static String byStatus(TenantId tenant, InvitationStatus status) {
        return ItemKey.tenantPartition(tenant) + "INVITATIONS#" + status.wire();
    }

    /** An organisation's invitations of one status, on {@code byTenantCollection}. */
    static Expr withStatus(TenantId tenant, InvitationStatus status) {
        return KeyConditions.index(TableDesign.BY_TENANT_COLLECTION, byStatus(tenant, status));
    }

    /** The pending invitations addressed to an email, across tenants (or in {@code in} only), on {@code byUser}. */
    static Expr pendingFor(EmailKey email, java.util.Optional<TenantId> in) {
        return KeyConditions.index(TableDesign.BY_USER, email.prefix().value(), SORT_KEY_PREFIX
                + in.map(tenant -> tenant.value() + "#").orElse(""));
    }

    /** The key a status list's Query continues after, from a position {@link InvitationPositions} accepts. */
    static Map<String, AttributeValue> byStatusStart(TenantId tenant, InvitationStatus status, String position) {
        return ItemBuilder.at(key(tenant, InvitationPositions.invitation(position)))
                .string(TableDesign.BY_TENANT_COLLECTION.partitionKey(), byStatus(tenant, status))
                .string(TableDesign.BY_TENANT_COLLECTION.sortKey(), position).build();
    }

    /** The position a status list's Query stopped at, if it may have more. */
    static java.util.Optional<String> lastPosition(Map<String, AttributeValue> lastEvaluatedKey) {
        return ItemAttributes.optionalString(lastEvaluatedKey, TableDesign.BY_TENANT_COLLECTION.sortKey());
    }

    static String byInviteeSort(TenantId tenant, InvitationId id) {
        return SORT_KEY_PREFIX + tenant.value() + "#" + id.value();
    }

    /**
     * The guard's entry on the due invitation expiries ({@code GSI3SK}): when the invitation it names expires, as the
     * invitation stores its validity (whole seconds), then whose it is, so entries sort by due and each names its own
     * organisation and invitation.
     */
    static String expiryMark(TenantId tenant, InvitationId id, java.time.Instant validUntil) {
        return SortableTime.format(java.time.Instant.ofEpochSecond(validUntil.getEpochSecond())) + "#"
                + tenant.value() + "#" + id.value();
    }

    /** The email an invitee guard's sort key names. */
    static EmailKey emailOfGuard(String sortKey) {
        return new EmailKey(sortKey.substring(INVITEE_PREFIX.length()));
    }
}
