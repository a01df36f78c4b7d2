package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.infra.consistency.Entity.InvitationEntity;
import dev.enclave.app.infra.consistency.Entity.InviteeEntity;
import dev.enclave.app.infra.store.invitation.InvitationReads;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Pending invitations and their due expiries: a guard due on the expiries is due at its invitation's validity, and
 * the background pass expires it within {@link InvitationReads#EXPIRED_WITHIN} of it; a closed invitation is off the
 * due-deliveries index.
 */
final class ExpiryRules {

    private ExpiryRules() {
    }

    static List<Violation> check(TenantItems partition, Instant now) {
        TenantId tenant = partition.tenant();
        Map<InvitationId, InvitationEntity> invitations = partition.by(InvitationEntity.class,
                entity -> entity.invitation().id());
        List<Violation> violations = new ArrayList<>();
        for (InviteeEntity guard : partition.all(InviteeEntity.class)) {
            Optional<String> due = InvitationReads.expiryDue(guard.item().attributes());
            Optional<Invitation> pending = Optional.ofNullable(invitations.get(guard.guard().invitation()))
                    .map(InvitationEntity::invitation)
                    .filter(invitation -> invitation.status() == InvitationStatus.PENDING);
            if (due.isEmpty() || pending.isEmpty()) {
                continue;
            }
            if (!due.get().equals(InvitationReads.expiryDueOf(pending.get()))) {
                violations.add(Violation.of(ViolationKind.INVITATION_EXPIRY, tenant, guard.item(),
                        "invitee guard due to expire its invitation at another time than its validity"));
            } else if (!pending.get().validUntil().plus(InvitationReads.EXPIRED_WITHIN).isAfter(now)) {
                violations.add(Violation.of(ViolationKind.INVITATION_EXPIRY, tenant, guard.item(),
                        "pending invitation not expired " + InvitationReads.EXPIRED_WITHIN.toMinutes()
                                + " minutes after its validity"));
            }
        }
        for (InvitationEntity closed : invitations.values()) {
            boolean due = Optional.ofNullable(closed.item().attributes().get(TableDesign.BY_OWED_WORK.partitionKey()))
                    .map(AttributeValue::s).filter(TableDesign.DUE_DELIVERIES::equals).isPresent();
            if (due && closed.invitation().status() != InvitationStatus.PENDING) {
                violations.add(Violation.of(ViolationKind.CLOSED_INVITATION_DUE, tenant, closed.item(),
                        closed.invitation().status() + " invitation still due for its mail"));
            }
        }
        return violations;
    }
}
