package dev.enclave.app.domain.permission;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.outcome.Rereads;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Defining, changing and deleting an organisation's custom groups, by holders of {@code groups:manage}. Nobody puts
 * a permission in a group that they do not hold themselves, and only owners change or delete a group they hold. A
 * group members hold is not deleted: take it from them first.
 */
@Singleton
public record DefiningGroups(CustomGroups groups, Clock clock) {

    /** How many times one request is decided, on the definitions as they are each time, before it gives up. */
    static final int ATTEMPTS = 8;
    private static final Refusal CHANGED_MEANWHILE = new Refusal(Reason.CONFLICT,
            "The organisation's groups kept changing meanwhile; read them again.");

    /** Who acts, in which organisation, holding what, as the access decision read it. */
    public record Acting(Organisation organisation, Holding holding) {
    }

    public record Create(Acting actor, GroupName id, String description, Set<Permission> permissions) {
    }

    /** A change of what is given; {@code expected}, when present, the version it applies to (If-Match). */
    public record Change(Acting actor, GroupName id, Optional<String> description,
                         Optional<Set<Permission>> permissions, Optional<ExpectedVersion> expected) {
    }

    public record Delete(Acting actor, GroupName id, Optional<ExpectedVersion> expected) {
    }

    public Outcome<CustomGroup> create(Create command) {
        return decidedAfresh(command.actor(), actor -> create(actor, command));
    }

    public Outcome<CustomGroup> change(Change command) {
        return decidedAfresh(command.actor(), actor -> change(actor, command));
    }

    public Outcome<Void> delete(Delete command) {
        return decidedAfresh(command.actor(), actor -> delete(actor, command));
    }

    /**
     * {@code attempt} decided on the definitions the access decision read; when they changed before it was stored
     * (another group defined, changed or deleted meanwhile), decided again on them as they are now, up to
     * {@link #ATTEMPTS} times in all ({@link Rereads}). Not when the actor's own authority comes from a custom group:
     * the request was granted on those definitions as read, and a change of them is answered as one.
     */
    private <T> Outcome<T> decidedAfresh(Acting actor, Function<Acting, Outcome<T>> attempt) {
        int attempts = actor.holding().authorityFor(SystemPermissions.GROUPS_MANAGE).onCustomGroups() ? 1 : ATTEMPTS;
        return Rereads.decide(attempts, actor, acting -> {
            Outcome<T> outcome = attempt.apply(acting);
            return outcome.equals(Outcome.refused(CHANGED_MEANWHILE)) ? new Rereads.Again<>(new Acting(
                    acting.organisation(), new Holding(acting.holding().groups(), groups.of(acting.organisation()
                    .id())))) : new Rereads.Decided<>(outcome);
        }, () -> Outcome.refused(CHANGED_MEANWHILE));
    }

    private Outcome<CustomGroup> create(Acting actor, Create command) {
        GroupDefinitions before = actor.holding().definitions();
        if (SystemPermissions.isBuiltIn(command.id()) || before.find(command.id()).isPresent()) {
            return Outcome.refused(Reason.GROUP_EXISTS, "There is a group named " + command.id().value() + ".");
        }
        if (actor.holding().groups().contains(command.id()) && !actor.holding().isOwner()) {
            return Outcome.refused(Reason.MISSING_ROLE, "Only owners define a group under a name they hold: its "
                    + "permissions would be theirs, beyond anyone's reach but an owner's.");
        }
        if (before.custom().size() >= GroupDefinitions.MAX_GROUPS) {
            return Outcome.refused(Reason.GROUP_LIMIT_REACHED,
                    "Delete a group before defining another (at most " + GroupDefinitions.MAX_GROUPS + ").");
        }
        Optional<Refusal> refusal = grantable(actor.holding(), command.permissions());
        if (refusal.isPresent()) {
            return Outcome.refused(refusal.get());
        }
        Instant now = now();
        CustomGroup group = new CustomGroup(command.id(), command.description(), command.permissions(), now, now, 1);
        return stored(actor, before, before.with(group), GroupEvents.created(group), group);
    }

    private Outcome<CustomGroup> change(Acting actor, Change command) {
        Optional<CustomGroup> found = actor.holding().definitions().find(command.id());
        Optional<Refusal> refusal = editable(actor.holding(), command.id(), found, command.expected())
                .or(() -> command.permissions().flatMap(permissions -> grantable(actor.holding(), permissions)))
                .or(() -> command.permissions().flatMap(permissions -> withdrawable(actor.holding(), found.get(),
                        permissions)));
        if (refusal.isPresent()) {
            return Outcome.refused(refusal.get());
        }
        CustomGroup before = found.get();
        String description = command.description().orElse(before.description());
        Set<Permission> permissions = command.permissions().orElse(before.permissions());
        if (description.equals(before.description()) && permissions.equals(before.permissions())) {
            return Outcome.done(before);
        }
        CustomGroup after = before.changed(description, permissions, now());
        GroupDefinitions definitions = actor.holding().definitions();
        return stored(actor, definitions, definitions.with(after), GroupEvents.updated(before, after), after);
    }

    private Outcome<Void> delete(Acting actor, Delete command) {
        Optional<CustomGroup> found = actor.holding().definitions().find(command.id());
        Optional<Refusal> refusal = editable(actor.holding(), command.id(), found, command.expected())
                .or(() -> withdrawable(actor.holding(), found.get(), Set.of()));
        if (refusal.isPresent()) {
            return Outcome.refused(refusal.get());
        }
        return answer(groups.deleteUnheld(actor.organisation(), actor.holding().definitions(), command.id(),
                GroupEvents.deleted(found.get())), null);
    }

    private <T> Outcome<T> stored(Acting actor, GroupDefinitions before, GroupDefinitions after, NewEvent event,
                                  T answer) {
        return answer(groups.store(actor.organisation(), before, after, event), answer);
    }

    private static <T> Outcome<T> answer(CustomGroups.Stored stored, T answer) {
        return switch (stored) {
            case STORED -> Outcome.done(answer);
            case HELD -> Outcome.refused(Reason.GROUP_IN_USE, "Members hold the group; take it from them first.");
            case CHANGED_MEANWHILE -> Outcome.refused(DefiningGroups.CHANGED_MEANWHILE);
            case ORGANISATION_NOT_ACTIVE -> Outcome.refused(Reason.ORGANISATION_SUSPENDED,
                    "The organisation is not active.");
        };
    }

    /** Refused unless the group exists at the expected version and the actor may edit it. */
    private static Optional<Refusal> editable(Holding actor, GroupName id, Optional<CustomGroup> found,
                                              Optional<ExpectedVersion> expected) {
        if (found.isEmpty()) {
            return Optional.of(new Refusal(SystemPermissions.isBuiltIn(id) ? Reason.MISSING_ROLE
                    : Reason.GROUP_NOT_FOUND, SystemPermissions.isBuiltIn(id)
                    ? "The built-in groups are fixed." : "No custom group named " + id.value() + "."));
        }
        if (expected.isPresent() && !expected.get().accepts(found.get().life(), found.get().version())) {
            return Optional.of(new Refusal(Reason.VERSION_MISMATCH, "The group changed since you read it."));
        }
        if (actor.groups().contains(id) && !actor.isOwner()) {
            return Optional.of(new Refusal(Reason.MISSING_ROLE, "Only owners change a group they hold."));
        }
        return Optional.empty();
    }

    /** Refused when a permission is in a system resource but not a system permission, or is not held. */
    private static Optional<Refusal> grantable(Holding actor, Set<Permission> permissions) {
        Optional<Permission> reserved = permissions.stream()
                .filter(p -> SystemPermissions.inSystemResource(p) && !SystemPermissions.isSystem(p)).findFirst();
        if (reserved.isPresent()) {
            return Optional.of(Refusal.invalid("permissions", reserved.get().value()
                    + " is in a resource Enclave's own permissions use, but is not one of them"));
        }
        return permissions.stream().filter(p -> !actor.holds(p)).findFirst().map(p -> new Refusal(
                Reason.MISSING_ROLE, "You cannot give " + p.value() + ": you do not hold it."));
    }

    /** Taking permissions away from a group also needs holding them: nobody edits what they could not grant. */
    private static Optional<Refusal> withdrawable(Holding actor, CustomGroup before, Set<Permission> after) {
        return before.permissions().stream().filter(p -> !after.contains(p) && !actor.holds(p)).findFirst()
                .map(p -> new Refusal(Reason.MISSING_ROLE, "You cannot take away " + p.value()
                        + ": you do not hold it."));
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
