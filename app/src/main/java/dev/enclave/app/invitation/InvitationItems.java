package dev.enclave.app.invitation;

import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Explicit mapping of {@link Invitation} to and from its item. */
public final class InvitationItems {

    /** Kept this long past validity, then DynamoDB TTL removes the item. */
    static final Duration RETENTION = Duration.ofDays(30);

    private InvitationItems() {
    }

    public static Map<String, AttributeValue> toItem(Invitation invitation) {
        Map<String, AttributeValue> item = new HashMap<>(InvitationKeys.key(invitation.tenant(), invitation.id()));
        item.put("type", AttributeValue.fromS("invitation"));
        item.put("tenant", AttributeValue.fromS(invitation.tenant().value()));
        item.put("id", AttributeValue.fromS(invitation.id().value()));
        item.put("email", AttributeValue.fromS(invitation.email().value()));
        item.put("groups", AttributeValue.fromL(invitation.groups().stream().sorted().map(AttributeValue::fromS)
                .toList()));
        item.put("serviceGroups", AttributeValue.fromL(invitation.serviceGroups().stream().sorted()
                .map(AttributeValue::fromS).toList()));
        item.put("tokenHash", AttributeValue.fromS(invitation.tokenHash()));
        item.put("status", AttributeValue.fromS(invitation.status().name()));
        item.put("createdAt", AttributeValue.fromS(invitation.createdAt().toString()));
        item.put("validUntil", AttributeValue.fromN(Long.toString(invitation.validUntil().getEpochSecond())));
        item.put("expiresAt", AttributeValue.fromN(Long.toString(
                invitation.validUntil().plus(RETENTION).getEpochSecond())));
        item.put("invitedBy", AttributeValue.fromS(invitation.invitedBy()));
        invitation.acceptedBy().ifPresent(user -> item.put("acceptedBy", AttributeValue.fromS(user)));
        item.put("GSI1PK", AttributeValue.fromS(InvitationKeys.byStatus(invitation.tenant(), invitation.status())));
        item.put("GSI1SK", AttributeValue.fromS(InvitationKeys.byStatusPosition(invitation)));
        if (invitation.status() == InvitationStatus.PENDING) {
            item.put("GSI2PK", AttributeValue.fromS(EmailKey.of(invitation.email()).prefix().value()));
            item.put("GSI2SK", AttributeValue.fromS(InvitationKeys.byInviteeSort(invitation.tenant(),
                    invitation.id())));
        }
        return item;
    }

    public static Invitation fromItem(Map<String, AttributeValue> item) {
        return new Invitation(TenantId.of(item.get("tenant").s()), new InvitationId(item.get("id").s()),
                new Email(item.get("email").s()), Set.copyOf(item.get("groups").l().stream().map(AttributeValue::s).toList()),
                Set.copyOf(item.get("serviceGroups").l().stream().map(AttributeValue::s).toList()),
                item.get("tokenHash").s(), InvitationStatus.valueOf(item.get("status").s()),
                Instant.parse(item.get("createdAt").s()),
                Instant.ofEpochSecond(Long.parseLong(item.get("validUntil").n())), item.get("invitedBy").s(),
                Optional.ofNullable(item.get("acceptedBy")).map(AttributeValue::s));
    }

    /** The item naming the one pending invitation of the invitation's email. */
    public static Map<String, AttributeValue> inviteeGuard(Invitation invitation) {
        Map<String, AttributeValue> item = new HashMap<>(InvitationKeys.inviteeKey(invitation.tenant(),
                EmailKey.of(invitation.email())));
        item.put("type", AttributeValue.fromS("invitee"));
        item.put("invitation", AttributeValue.fromS(invitation.id().value()));
        return item;
    }

    /** The pending invitation an invitee guard names. */
    public static InvitationId guardedInvitation(Map<String, AttributeValue> guard) {
        return new InvitationId(guard.get("invitation").s());
    }
}
