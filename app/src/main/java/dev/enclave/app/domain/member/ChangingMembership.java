package dev.enclave.app.domain.member;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Rereads;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * Removing members (admins, or a member leaving) and editing their organisation groups (admins; only owners touch
 * the owner group). The organisation always keeps an owner.
 */
@Singleton
public record ChangingMembership(Members members, MembershipChanges changes) {

    /** How often a removal reads the member again when they changed between the read and the write. */
    static final int REMOVAL_ATTEMPTS = 8;

    /** {@code actor} removes {@code target} (themselves, or as an admin someone else). */
    public record Remove(Membership actor, UserKey target) {
    }

    /**
     * {@code actor} grants or takes away {@code group}; when {@code expected} is given, only on a membership at one
     * of its versions.
     */
    public record GroupChange(Membership actor, UserKey target, String targetUserId, GroupName group,
                              Optional<ExpectedVersion> expected) {
    }

    /** {@code actor}, an owner, hands ownership to {@code target}. */
    public record TransferOwnership(Membership actor, UserKey target, String targetUserId) {
    }

    /**
     * The member is removed as read: when they changed meanwhile (a group, a service-group assignment made at the
     * same moment), the removal reads them again and decides again, up to {@value #REMOVAL_ATTEMPTS} times, so
     * grants racing a removal are removed with the member.
     */
    public Outcome<Void> remove(Remove command) {
        Membership actor = command.actor();
        if (!actor.user().equals(command.target()) && !actor.isAdmin()) {
            return Outcome.refused(Reason.MISSING_ROLE, "Only admins remove other members.");
        }
        return Rereads.decide(REMOVAL_ATTEMPTS, command, this::removeOnce,
                () -> outcome(MembershipChanges.Change.MEMBERSHIP_CHANGED));
    }

    public Outcome<Void> grant(GroupChange command) {
        return permitted(command.actor(), command.group()).orElseGet(() -> outcome(
                changes.grant(command.actor(), command.target(), command.targetUserId(), command.group(),
                        command.expected())));
    }

    public Outcome<Void> revoke(GroupChange command) {
        if (command.group().isMember()) {
            return Outcome.refused(Reason.BAD_REQUEST,
                    "Every member keeps the member group; remove the member instead.");
        }
        return permitted(command.actor(), command.group()).orElseGet(() -> outcome(
                changes.revoke(command.actor(), command.target(), command.targetUserId(), command.group(),
                        command.expected())));
    }

    public Outcome<Void> transferOwnership(TransferOwnership command) {
        if (!command.actor().isOwner()) {
            return Outcome.refused(Reason.MISSING_ROLE, "Only owners transfer ownership.");
        }
        if (command.actor().user().equals(command.target())) {
            return Outcome.refused(Reason.BAD_REQUEST, "Transfer ownership to another member.");
        }
        return outcome(changes.transferOwnership(command.actor(), command.target(), command.targetUserId()));
    }

    private Rereads.Step<Remove, Outcome<Void>> removeOnce(Remove command) {
        Membership actor = command.actor();
        Optional<Membership> membership = members.find(actor.tenant(), command.target());
        if (membership.isEmpty()) {
            return new Rereads.Decided<>(Outcome.refused(Reason.MEMBER_NOT_FOUND, "No such member."));
        }
        if (!actor.user().equals(command.target()) && membership.get().isOwner() && !actor.isOwner()) {
            return new Rereads.Decided<>(Outcome.refused(Reason.MISSING_ROLE, "Only owners remove owners."));
        }
        MembershipChanges.Change change = changes.remove(actor, membership.get());
        return change == MembershipChanges.Change.MEMBERSHIP_CHANGED ? new Rereads.Again<>(command)
                : new Rereads.Decided<>(outcome(change));
    }

    private static Optional<Outcome<Void>> permitted(Membership actor, GroupName group) {
        if (!actor.isAdmin()) {
            return refused(Reason.MISSING_ROLE, "Only admins edit groups.");
        }
        if (group.isOwner() && !actor.isOwner()) {
            return refused(Reason.MISSING_ROLE, "Only owners grant or take the owner group.");
        }
        return Optional.empty();
    }

    private static Outcome<Void> outcome(MembershipChanges.Change change) {
        return switch (change) {
            case DONE, UNCHANGED -> Outcome.done();
            case NOT_A_MEMBER -> Outcome.refused(Reason.MEMBER_NOT_FOUND, "No such member.");
            case VERSION_MISMATCH -> Outcome.refused(Reason.VERSION_MISMATCH,
                    "The member changed since you read it; read it again.");
            case LAST_OWNER -> Outcome.refused(Reason.LAST_OWNER, "Make someone else an owner first.");
            case MEMBERSHIP_CHANGED -> Outcome.refused(Reason.CONFLICT, "The membership changed meanwhile; read it again.");
            case TOO_LARGE -> Outcome.refused(Reason.CONFLICT,
                    "The member has too many service-group assignments to remove at once; unassign some first.");
            case ACTOR_GONE -> Outcome.refused(Reason.MISSING_ROLE,
                    "Your membership changed while the change was being made; read it again.");
        };
    }

    private static Optional<Outcome<Void>> refused(Reason reason, String detail) {
        return Optional.of(Outcome.refused(reason, detail));
    }
}
