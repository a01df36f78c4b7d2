package dev.enclave.app.domain.member;

import dev.enclave.app.domain.outcome.Backoff;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * Removing members (admins, or a member leaving) and editing their organisation groups (admins; only owners touch
 * the owner group). The organisation always keeps an owner.
 */
@Singleton
public final class ChangingMembership {

    /** How often a removal reads the member again when they changed between the read and the write. */
    static final int REMOVAL_ATTEMPTS = 8;

    private final Members members;

    ChangingMembership(Members members) {
        this.members = members;
    }

    /**
     * Empty when done; otherwise why not. The member is removed as read: when they changed meanwhile (a group, a
     * service-group assignment made at the same moment), the removal backs off, reads them again and decides again,
     * up to {@value #REMOVAL_ATTEMPTS} times, so grants racing a removal are removed with the member.
     */
    public Optional<Refusal> remove(Membership actor, UserKey target) {
        boolean self = actor.user().equals(target);
        if (!self && !actor.isAdmin()) {
            return refused(Reason.MISSING_ROLE, "Only admins remove other members.");
        }
        Members.Change change = Members.Change.MEMBERSHIP_CHANGED;
        for (int attempt = 1; attempt <= REMOVAL_ATTEMPTS && change == Members.Change.MEMBERSHIP_CHANGED; attempt++) {
            if (attempt > 1) {
                Backoff.pause(attempt - 1);
            }
            Optional<Membership> membership = members.find(actor.tenant(), target);
            if (membership.isEmpty()) {
                return refused(Reason.MEMBER_NOT_FOUND, "No such member.");
            }
            if (!self && membership.get().isOwner() && !actor.isOwner()) {
                return refused(Reason.MISSING_ROLE, "Only owners remove owners.");
            }
            change = members.remove(actor, membership.get());
        }
        return outcome(change);
    }

    /** Adds {@code group}; when {@code expected} is given, only to a membership at one of its versions. */
    public Optional<Refusal> grant(Membership actor, UserKey target, GroupName group,
                                   Optional<ExpectedVersion> expected) {
        return permitted(actor, group).or(() -> outcome(members.grant(actor, target, group, expected)));
    }

    /** Takes {@code group} away; when {@code expected} is given, only from a membership at one of its versions. */
    public Optional<Refusal> revoke(Membership actor, UserKey target, GroupName group,
                                    Optional<ExpectedVersion> expected) {
        if (group.isMember()) {
            return refused(Reason.BAD_REQUEST, "Every member keeps the member group; remove the member instead.");
        }
        return permitted(actor, group).or(() -> outcome(members.revoke(actor, target, group, expected)));
    }

    public Optional<Refusal> transferOwnership(Membership actor, UserKey target) {
        if (!actor.isOwner()) {
            return refused(Reason.MISSING_ROLE, "Only owners transfer ownership.");
        }
        if (actor.user().equals(target)) {
            return refused(Reason.BAD_REQUEST, "Transfer ownership to another member.");
        }
        return outcome(members.transferOwnership(actor, target));
    }

    private Optional<Refusal> permitted(Membership actor, GroupName group) {
        if (!actor.isAdmin()) {
            return refused(Reason.MISSING_ROLE, "Only admins edit groups.");
        }
        if (group.isOwner() && !actor.isOwner()) {
            return refused(Reason.MISSING_ROLE, "Only owners grant or take the owner group.");
        }
        return Optional.empty();
    }

    private static Optional<Refusal> outcome(Members.Change change) {
        return switch (change) {
            case DONE, UNCHANGED -> Optional.empty();
            case NOT_A_MEMBER -> refused(Reason.MEMBER_NOT_FOUND, "No such member.");
            case VERSION_MISMATCH -> refused(Reason.VERSION_MISMATCH,
                    "The member changed since you read it; read it again.");
            case LAST_OWNER -> refused(Reason.LAST_OWNER, "Make someone else an owner first.");
            case MEMBERSHIP_CHANGED -> refused(Reason.CONFLICT, "The membership changed meanwhile; read it again.");
            case TOO_LARGE -> refused(Reason.CONFLICT,
                    "The member has too many service-group assignments to remove at once; unassign some first.");
            case ACTOR_GONE -> refused(Reason.MISSING_ROLE,
                    "Your membership changed while the change was being made; read it again.");
        };
    }

    private static Optional<Refusal> refused(Reason reason, String detail) {
        return Optional.of(new Refusal(reason, detail));
    }
}
