package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.infra.consistency.Entity.AssignmentEntity;
import dev.enclave.app.infra.consistency.Entity.InvitationEntity;
import dev.enclave.app.infra.consistency.Entity.InviteeEntity;
import dev.enclave.app.infra.consistency.Entity.MemberEmailEntity;
import dev.enclave.app.infra.consistency.Entity.MembershipEntity;
import dev.enclave.app.infra.consistency.Entity.ServiceEntity;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.invitation.InvitationItems;
import dev.enclave.app.infra.store.member.MembershipKeys;
import dev.enclave.app.infra.store.service.AssignmentItems;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Items that name other items: email records and members, invitee guards and invitations, assignments. */
final class ReferenceRules {

    private ReferenceRules() {
    }

    static List<Violation> check(TenantItems partition) {
        List<Violation> violations = new ArrayList<>();
        memberEmails(partition, violations);
        invitations(partition, violations);
        assignments(partition, violations);
        return violations;
    }

    private static void memberEmails(TenantItems partition, List<Violation> violations) {
        TenantId tenant = partition.tenant();
        Map<String, MemberEmailEntity> records = partition.bySortKey(MemberEmailEntity.class);
        Map<String, MembershipEntity> memberships = partition.bySortKey(MembershipEntity.class);
        for (MembershipEntity member : memberships.values()) {
            Membership membership = member.membership();
            Optional<String> recordKey = emailRecordKey(tenant, membership);
            if (recordKey.isEmpty()) {
                continue;
            }
            MemberEmailEntity record = records.get(recordKey.get());
            if (record == null) {
                violations.add(Violation.of(ViolationKind.EMAIL_GUARD, tenant, member.item(),
                        "membership without its email record (the email could be invited again)"));
            } else if (!record.member().equals(membership.user())) {
                violations.add(Violation.of(ViolationKind.EMAIL_GUARD, tenant, record.item(),
                        "email record names another member than the one with its email"));
            }
        }
        for (MemberEmailEntity record : records.values()) {
            MembershipEntity member = memberships.get(memberKey(tenant, record.member()));
            if (member == null) {
                violations.add(Violation.of(ViolationKind.EMAIL_GUARD, tenant, record.item(),
                        "email record of no member (the email cannot be invited)"));
            } else if (!emailRecordKey(tenant, member.membership()).equals(Optional.of(record.item().sortKey()))) {
                violations.add(Violation.of(ViolationKind.EMAIL_GUARD, tenant, record.item(),
                        "email record is not its member's email"));
            }
        }
    }

    private static void invitations(TenantItems partition, List<Violation> violations) {
        TenantId tenant = partition.tenant();
        Set<String> memberEmails = memberEmails(partition);
        Map<String, InviteeEntity> guards = partition.bySortKey(InviteeEntity.class);
        Map<String, InvitationEntity> invitations = partition.all(InvitationEntity.class).stream()
                .collect(Collectors.toMap(i -> i.invitation().id().value(), i -> i));
        for (InvitationEntity entity : invitations.values()) {
            Invitation invitation = entity.invitation();
            if (invitation.status() != InvitationStatus.PENDING) {
                continue;
            }
            if (memberEmails.contains(EmailKey.of(invitation.email()).digest())) {
                violations.add(Violation.of(ViolationKind.INVITATION_FOR_MEMBER, tenant, entity.item(),
                        "pending invitation for an email that is already a member's"));
            }
            InviteeEntity guard = guards.get(guardKey(invitation));
            if (guard == null) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, entity.item(),
                        "pending invitation without its invitee guard"));
            } else if (!guard.invitation().equals(invitation.id())) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, entity.item(),
                        "pending invitation that its invitee guard does not name (another is pending)"));
            }
        }
        for (InviteeEntity guard : guards.values()) {
            InvitationEntity named = invitations.get(guard.invitation().value());
            if (named == null) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, guard.item(),
                        "invitee guard naming no invitation"));
            } else if (named.invitation().status() != InvitationStatus.PENDING) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, guard.item(),
                        "invitee guard naming a " + named.invitation().status().wire() + " invitation"));
            } else if (!guardKey(named.invitation()).equals(guard.item().sortKey())) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, guard.item(),
                        "invitee guard naming an invitation for another email"));
            }
        }
    }

    private static void assignments(TenantItems partition, List<Violation> violations) {
        TenantId tenant = partition.tenant();
        Set<String> memberships = partition.bySortKey(MembershipEntity.class).keySet();
        Set<String> services = partition.bySortKey(ServiceEntity.class).keySet();
        for (AssignmentEntity entity : partition.all(AssignmentEntity.class)) {
            if (!memberships.contains(memberKey(tenant, entity.assignment().user()))) {
                violations.add(Violation.of(ViolationKind.ASSIGNMENT_WITHOUT_MEMBER, tenant, entity.item(),
                        "assignment of someone who is not a member"));
            }
            String service = AssignmentItems.serviceKey(tenant, entity.assignment().group().service()).sort();
            if (!services.contains(service)) {
                violations.add(Violation.of(ViolationKind.ASSIGNMENT_WITHOUT_SERVICE, tenant, entity.item(),
                        "assignment to a service that does not exist"));
            }
        }
    }

    /** The digests of the members' emails. */
    private static Set<String> memberEmails(TenantItems partition) {
        return partition.all(MembershipEntity.class).stream().flatMap(m -> m.membership().email().stream())
                .map(email -> EmailKey.of(email).digest()).collect(Collectors.toSet());
    }

    /** The sort key of the membership's email record, as removing the member computes it. */
    private static Optional<String> emailRecordKey(TenantId tenant, Membership membership) {
        return membership.email().map(email -> MembershipKeys.emailGuardKey(tenant, EmailKey.of(email)).sort());
    }

    private static String memberKey(TenantId tenant, UserKey user) {
        return MembershipKeys.key(tenant, user).sort();
    }

    private static String guardKey(Invitation invitation) {
        return ItemAttributes.sortKey(InvitationItems.inviteeGuard(invitation));
    }
}
