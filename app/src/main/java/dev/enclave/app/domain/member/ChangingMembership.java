package dev.enclave.app.domain.member;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Rereads;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Removing members (admins, or a member leaving) and editing their organisation groups (admins; only owners touch
 * the owner group). The organisation always keeps an owner.
 */
@Singleton
public record ChangingMembership(Members members, MembershipChanges changes) {

    /** How often a removal reads the member again when they changed between the read and the write. */
    static final int REMOVAL_ATTEMPTS = 8;

    /** {@code actor} removes {@code target} (themselves, or with {@code members:manage} someone else). */
    public record Remove(ActingMember actor, UserKey target) {
    }

    /**
     * {@code actor} grants or takes away {@code group}; when {@code expected} is given, only on a membership at one
     * of its versions.
     */
    public record GroupChange(ActingMember actor, UserKey target, String targetUserId, GroupName group,
                              Optional<ExpectedVersion> expected) {
    }

    /** {@code actor}, an owner, hands ownership to {@code target}. */
    public record TransferOwnership(ActingMember actor, UserKey target, String targetUserId) {
    }

    /**
     * The member is removed as read: when they changed meanwhile (a group, a service-group assignment made at the
     * same moment), the removal reads them again and decides again, up to {@value #REMOVAL_ATTEMPTS} times, so
     * grants racing a removal are removed with the member.
     */
    public Outcome<Void> remove(Remove command) {
        ActingMember actor = command.actor();
        if (!actor.user().equals(command.target()) && !actor.holding().holds(SystemPermissions.MEMBERS_MANAGE)) {
            return Outcome.refused(Reason.MISSING_ROLE, "Removing other members needs members:manage.");
        }
        return Rereads.decide(REMOVAL_ATTEMPTS, command, this::removeOnce,
                () -> outcome(MembershipChanges.Change.MEMBERSHIP_CHANGED));
    }

    public Outcome<Void> grant(GroupChange command) {
        return permitted(command.actor(), command.group()).orElseGet(() -> outcome(
                changes.grant(command.actor().membership(), authority(command), command.target(),
                        command.targetUserId(), command.group(),
                        command.actor().holding().definitions().find(command.group()), command.expected())));
    }

    public Outcome<Void> revoke(GroupChange command) {
        if (command.group().isMember()) {
            return Outcome.refused(Reason.BAD_REQUEST,
                    "Every member keeps the member group; remove the member instead.");
        }
        return permitted(command.actor(), command.group()).orElseGet(() -> outcome(
                changes.revoke(command.actor().membership(), authority(command), command.target(),
                        command.targetUserId(), command.group(), command.expected())));
    }

    public Outcome<Void> transferOwnership(TransferOwnership command) {
        if (!command.actor().membership().isOwner()) {
            return Outcome.refused(Reason.MISSING_ROLE, "Only owners transfer ownership.");
        }
        if (command.actor().user().equals(command.target())) {
            return Outcome.refused(Reason.BAD_REQUEST, "Transfer ownership to another member.");
        }
        return outcome(changes.transferOwnership(command.actor().membership(), command.target(),
                command.targetUserId()));
    }

    private Rereads.Step<Remove, Outcome<Void>> removeOnce(Remove command) {
        ActingMember actor = command.actor();
        Optional<Membership> membership = members.find(actor.tenant(), command.target());
        if (membership.isEmpty()) {
            return new Rereads.Decided<>(Outcome.refused(Reason.MEMBER_NOT_FOUND, "No such member."));
        }
        boolean self = actor.user().equals(command.target());
        if (!self && membership.get().isOwner() && !actor.membership().isOwner()) {
            return new Rereads.Decided<>(Outcome.refused(Reason.MISSING_ROLE, "Only owners remove owners."));
        }
        Set<GroupName> taken = self ? Set.of() : membership.get().groups().stream()
                .filter(group -> !group.isMember() && !group.isOwner())
                .filter(group -> !actor.holding().definitions().permissionsOf(group).isEmpty())
                .collect(Collectors.toSet());
        Optional<String> beyond = taken.stream().sorted()
                .flatMap(group -> actor.holding().whyNotRemoveHolderOf(group).stream()).findFirst();
        if (beyond.isPresent()) {
            return new Rereads.Decided<>(Outcome.refused(Reason.MISSING_ROLE, beyond.get()));
        }
        Authority authority = membership.get().isOwner() ? Authority.owner()
                : actor.holding().authorityToGive(SystemPermissions.MEMBERS_MANAGE, taken);
        MembershipChanges.Change change = changes.remove(actor.membership(), authority, membership.get());
        return change == MembershipChanges.Change.MEMBERSHIP_CHANGED ? new Rereads.Again<>(command)
                : new Rereads.Decided<>(outcome(change));
    }

    /** Editing groups needs {@code members:manage}, and holding what the group carries (owner for owner). */
    private static Optional<Outcome<Void>> permitted(ActingMember actor, GroupName group) {
        if (!actor.holding().holds(SystemPermissions.MEMBERS_MANAGE)) {
            return refused(Reason.MISSING_ROLE, "Editing groups needs members:manage.");
        }
        return actor.holding().whyNotGive(group).map(why -> Outcome.refused(Reason.MISSING_ROLE, why));
    }

    private static Authority authority(GroupChange command) {
        return command.group().isOwner() ? Authority.owner()
                : command.actor().holding().authorityToGive(SystemPermissions.MEMBERS_MANAGE, Set.of(command.group()));
    }

    private static Outcome<Void> outcome(MembershipChanges.Change change) {
        return switch (change) {
            case DONE, UNCHANGED -> Outcome.done();
            case NOT_A_MEMBER -> Outcome.refused(Reason.MEMBER_NOT_FOUND, "No such member.");
            case VERSION_MISMATCH -> Outcome.refused(Reason.VERSION_MISMATCH,
                    "The member changed since you read it; read it again.");
            case LAST_OWNER -> Outcome.refused(Reason.LAST_OWNER, "Make someone else an owner first.");
            case MEMBERSHIP_CHANGED -> Outcome.refused(Reason.CONFLICT, "The membership changed meanwhile; read it again.");
            case GROUP_CHANGED -> Outcome.refused(Reason.CONFLICT,
                    "The group was deleted or defined while it was being given; read the groups again.");
            case TOO_LARGE -> Outcome.refused(Reason.CONFLICT,
                    "The member has too many service-group assignments to remove at once; unassign some first.");
            case ACTOR_GONE -> Outcome.refused(Reason.MISSING_ROLE,
                    "Your membership changed while the change was being made; read it again.");
            case DEFINITIONS_CHANGED -> Outcome.refused(Reason.CONFLICT, "The organisation's groups changed while "
                    + "the change was being made; nothing was changed. Try again.");
        };
    }

    private static Optional<Outcome<Void>> refused(Reason reason, String detail) {
        return Optional.of(Outcome.refused(reason, detail));
    }
}
