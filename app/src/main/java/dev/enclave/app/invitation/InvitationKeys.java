package dev.enclave.app.invitation;

import dev.enclave.app.platform.SortableTime;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
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

    static Map<String, AttributeValue> key(TenantId tenant, InvitationId id) {
        return Map.of("PK", AttributeValue.fromS(LeadingKeyPrefix.tenant(tenant).value()),
                "SK", AttributeValue.fromS(SORT_KEY_PREFIX + id.value()));
    }

    static Map<String, AttributeValue> inviteeKey(TenantId tenant, EmailKey email) {
        return Map.of("PK", AttributeValue.fromS(LeadingKeyPrefix.tenant(tenant).value()),
                "SK", AttributeValue.fromS(INVITEE_PREFIX + email.digest()));
    }

    static String byStatus(TenantId tenant, InvitationStatus status) {
        return LeadingKeyPrefix.tenant(tenant).value() + "INVITATIONS#" + status.wire();
    }

    /**
     * An invitation's position in its status list ({@code GSI1SK}): its creation time with a fixed nine-digit
     * fraction, so positions sort as times do, then its id.
     */
    static String byStatusPosition(Invitation invitation) {
        return SortableTime.format(invitation.createdAt()) + POSITION_SEPARATOR + invitation.id().value();
    }

    /** Whether {@code position} has the form {@link #byStatusPosition} gives. */
    static boolean isByStatusPosition(String position) {
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
        Map<String, AttributeValue> start = new HashMap<>(key(tenant, id));
        start.put("GSI1PK", AttributeValue.fromS(byStatus(tenant, status)));
        start.put("GSI1SK", AttributeValue.fromS(position));
        return start;
    }

    static String byInviteeSort(TenantId tenant, InvitationId id) {
        return SORT_KEY_PREFIX + tenant.value() + "#" + id.value();
    }
}
