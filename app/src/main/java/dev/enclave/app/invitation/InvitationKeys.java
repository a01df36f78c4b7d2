package dev.enclave.app.invitation;

import dev.enclave.identity.EmailKey;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where invitations live: {@code PK = TENANT#<org>#, SK = INVITATION#<id>}; by status on {@code byTenantCollection}
 * ({@code GSI1PK = TENANT#<org>#INVITATIONS#<status>}); while pending, on the invitee's {@code byUser} entry
 * ({@code GSI2PK = EMAIL#<digest>#}). The invitee guard {@code SK = INVITEE#<email digest>} names the one pending
 * invitation per email, so a re-invite supersedes instead of duplicating.
 */
final class InvitationKeys {

    static final String SORT_KEY_PREFIX = "INVITATION#";
    static final String INVITEE_PREFIX = "INVITEE#";

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

    static String byInviteeSort(TenantId tenant, InvitationId id) {
        return SORT_KEY_PREFIX + tenant.value() + "#" + id.value();
    }
}
