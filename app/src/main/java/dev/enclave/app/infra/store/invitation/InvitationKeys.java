package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.app.infra.store.TenantPartition;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where invitations live: {@code PK = TENANT#<org>#, SK = INVITATION#<id>}; by status on {@code byTenantCollection}
 * ({@code GSI1PK = TENANT#<org>#INVITATIONS#<status>}); while pending, on the invitee's {@code byUser} entry
 * ({@code GSI2PK = EMAIL#<digest>#}). The invitee guard {@code SK = INVITEE#<email digest>} names the one pending
 * invitation per email, so a re-invite supersedes instead of duplicating.
 */
public final class InvitationKeys {

    /** Sort-key prefix of every invitation. */
    public static final String SORT_KEY_PREFIX = "INVITATION#";
    /** Sort-key prefix of every invitee guard. */
    public static final String INVITEE_PREFIX = "INVITEE#";
    private static final String POSITION_SEPARATOR = "#";

    private InvitationKeys() {
    }

    static ItemKey key(TenantId tenant, InvitationId id) {
        return TenantPartition.of(tenant).key(SORT_KEY_PREFIX + id.value());
    }

    static ItemKey inviteeKey(TenantId tenant, EmailKey email) {
        return TenantPartition.of(tenant).key(INVITEE_PREFIX + email.digest());
    }

    static String byStatus(TenantId tenant, InvitationStatus status) {
        return TenantPartition.of(tenant).value() + "INVITATIONS#" + status.wire();
    }

    /** An organisation's invitations of one status, on {@code byTenantCollection}. */
    static Expr withStatus(TenantId tenant, InvitationStatus status) {
        return KeyConditions.index(TableDesign.BY_TENANT_COLLECTION, byStatus(tenant, status));
    }

    /** The pending invitations addressed to an email, across tenants, on {@code byUser}. */
    static Expr pendingFor(EmailKey email) {
        return KeyConditions.index(TableDesign.BY_USER, email.prefix().value(), SORT_KEY_PREFIX);
    }

    /**
     * An invitation's position in its status list ({@code GSI1SK}): its creation time with a fixed nine-digit
     * fraction, so positions sort as times do, then its id.
     */
    public static String byStatusPosition(Invitation invitation) {
        return SortableTime.format(invitation.createdAt()) + POSITION_SEPARATOR + invitation.id().value();
    }

    /** Whether {@code position} has the form {@link #byStatusPosition} gives. */
    public static boolean isByStatusPosition(String position) {
        int separator = position.lastIndexOf(POSITION_SEPARATOR);
        if (separator < 0 || !InvitationId.isValid(position.substring(separator + 1))) {
            return false;
        }
        try {
            Instant.parse(position.substring(0, separator));
            return true;
        } catch (DateTimeParseException notAnInstant) {
            return false;
        }
    }

    /** The key a status list's Query continues after, from a position {@link #isByStatusPosition} accepts. */
    static Map<String, AttributeValue> byStatusStart(TenantId tenant, InvitationStatus status, String position) {
        InvitationId id = new InvitationId(position.substring(position.lastIndexOf(POSITION_SEPARATOR) + 1));
        return ItemBuilder.at(key(tenant, id))
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
}
