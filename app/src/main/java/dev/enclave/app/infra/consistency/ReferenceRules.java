package dev.enclave.app.infra.consistency;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.consistency.Entity.AssignmentEntity;
import dev.enclave.app.infra.consistency.Entity.InvitationEntity;
import dev.enclave.app.infra.consistency.Entity.InviteeEntity;
import dev.enclave.app.infra.consistency.Entity.JobEntity;
import dev.enclave.app.infra.consistency.Entity.MemberEmailEntity;
import dev.enclave.app.infra.consistency.Entity.MembershipEntity;
import dev.enclave.app.infra.consistency.Entity.ServiceEntity;
import dev.enclave.app.infra.store.organisation.ServiceSweepItems;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Items that name other items: email records and members, invitee guards and invitations, assignments (those of a
 * deleted service its organisation's sweep still owes are the sweep's unfinished work, not dangling). Each is
 * matched by what its owner reads it to name (a member, an email, an invitation, a service), never by a key built
 * here.
 */
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
        Map<EmailKey, MemberEmailEntity> records = partition.by(MemberEmailEntity.class,
                record -> record.record().email());
        Map<UserKey, MembershipEntity> memberships = partition.by(MembershipEntity.class,
                member -> member.membership().user());
        for (MembershipEntity member : memberships.values()) {
            Membership membership = member.membership();
            Optional<EmailKey> email = email(membership);
            if (email.isEmpty()) {
                continue;
            }
            MemberEmailEntity record = records.get(email.get());
            if (record == null) {
                violations.add(Violation.of(ViolationKind.EMAIL_GUARD, tenant, member.item(),
                        "membership without its email record (the email could be invited again)"));
            } else if (!record.record().member().equals(membership.user())) {
                violations.add(Violation.of(ViolationKind.EMAIL_GUARD, tenant, record.item(),
                        "email record names another member than the one with its email"));
            }
        }
        for (MemberEmailEntity record : records.values()) {
            MembershipEntity member = memberships.get(record.record().member());
            if (member == null) {
                violations.add(Violation.of(ViolationKind.EMAIL_GUARD, tenant, record.item(),
                        "email record of no member (the email cannot be invited)"));
            } else if (!email(member.membership()).equals(Optional.of(record.record().email()))) {
                violations.add(Violation.of(ViolationKind.EMAIL_GUARD, tenant, record.item(),
                        "email record is not its member's email"));
            }
        }
    }

    private static void invitations(TenantItems partition, List<Violation> violations) {
        TenantId tenant = partition.tenant();
        Set<EmailKey> memberEmails = partition.all(MembershipEntity.class).stream()
                .flatMap(member -> email(member.membership()).stream()).collect(Collectors.toSet());
        Map<EmailKey, InviteeEntity> guards = partition.by(InviteeEntity.class, guard -> guard.guard().email());
        Map<InvitationId, InvitationEntity> invitations = partition.by(InvitationEntity.class,
                entity -> entity.invitation().id());
        for (InvitationEntity entity : invitations.values()) {
            Invitation invitation = entity.invitation();
            if (invitation.status() != InvitationStatus.PENDING) {
                continue;
            }
            EmailKey invitee = EmailKey.of(invitation.email());
            if (memberEmails.contains(invitee)) {
                violations.add(Violation.of(ViolationKind.INVITATION_FOR_MEMBER, tenant, entity.item(),
                        "pending invitation for an email that is already a member's"));
            }
            InviteeEntity guard = guards.get(invitee);
            if (guard == null) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, entity.item(),
                        "pending invitation without its invitee guard"));
            } else if (!guard.guard().invitation().equals(invitation.id())) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, entity.item(),
                        "pending invitation that its invitee guard does not name (another is pending)"));
            }
        }
        for (InviteeEntity guard : guards.values()) {
            InvitationEntity named = invitations.get(guard.guard().invitation());
            if (named == null) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, guard.item(),
                        "invitee guard naming no invitation"));
            } else if (named.invitation().status() != InvitationStatus.PENDING) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, guard.item(),
                        "invitee guard naming a " + named.invitation().status().wire() + " invitation"));
            } else if (!EmailKey.of(named.invitation().email()).equals(guard.guard().email())) {
                violations.add(Violation.of(ViolationKind.INVITEE_GUARD, tenant, guard.item(),
                        "invitee guard naming an invitation for another email"));
            }
        }
    }

    private static void assignments(TenantItems partition, List<Violation> violations) {
        TenantId tenant = partition.tenant();
        Map<UserKey, MembershipEntity> members = partition.by(MembershipEntity.class,
                member -> member.membership().user());
        Set<ServiceId> services = partition.by(ServiceEntity.class, service -> service.service().id()).keySet();
        Set<ServiceId> owed = new HashSet<>();
        partition.all(JobEntity.class).stream().filter(job -> job.job().kind() == Job.Kind.SERVICE_SWEEP)
                .forEach(job -> ServiceSweepItems.owedBy(job.item().attributes()).forEach(service -> {
                    owed.add(new ServiceId(service));
                    violations.add(Violation.of(ViolationKind.UNFINISHED_WORK, tenant, job.item(),
                            "the service sweep still owes the assignments of " + service));
                }));
        Set<Map.Entry<UserKey, ServiceGroup>> assigned = new HashSet<>();
        for (AssignmentEntity entity : partition.all(AssignmentEntity.class)) {
            var assignment = entity.assignment();
            assigned.add(Map.entry(assignment.user(), assignment.group()));
            if (owed.contains(assignment.group().service())) {
                continue;
            }
            MembershipEntity member = members.get(assignment.user());
            if (member == null) {
                violations.add(Violation.of(ViolationKind.ASSIGNMENT_WITHOUT_MEMBER, tenant, entity.item(),
                        "assignment of someone who is not a member"));
            } else if (!member.membership().serviceGroups().contains(assignment.group())) {
                violations.add(Violation.of(ViolationKind.SERVICE_GROUP_RECORD, tenant, entity.item(),
                        "assignment its membership does not record"));
            }
            if (!services.contains(assignment.group().service())) {
                violations.add(Violation.of(ViolationKind.ASSIGNMENT_WITHOUT_SERVICE, tenant, entity.item(),
                        "assignment to a service that does not exist"));
            }
        }
        for (MembershipEntity member : members.values()) {
            UserKey user = member.membership().user();
            member.membership().serviceGroups().stream().filter(group -> !assigned.contains(Map.entry(user, group)))
                    .findFirst().ifPresent(group -> violations.add(Violation.of(ViolationKind.SERVICE_GROUP_RECORD,
                            tenant, member.item(), "membership records the service group " + group.written()
                                    + " without an assignment to it")));
        }
    }

    /** The membership's email, as its email record's key holds it. */
    private static Optional<EmailKey> email(Membership membership) {
        return membership.email().map(EmailKey::of);
    }
}
