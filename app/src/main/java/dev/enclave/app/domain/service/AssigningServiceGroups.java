package dev.enclave.app.domain.service;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Rereads;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * An admin puts a member in a service group, or takes them out (the edge has checked {@code services:manage}). An
 * assignment is written only while the membership and the service are there, and goes with either. A group that
 * carries permissions is given or taken only by whoever holds them all within the service, as the service is when
 * the assignment is written and while the actor still holds what they were judged on.
 */
@Singleton
public record AssigningServiceGroups(Services services) {

    /** How often a change reads the service again when it changed between its read and its write. */
    private static final int ATTEMPTS = 5;

    /**
     * {@code user} (whose id in the organisation is {@code userId}) in or out of {@code group}, by {@code actor}.
     */
    public record Assignment(Organisation organisation, HoldingInServices actor, ServiceGroup group, UserKey user,
                             String userId) {
    }

    public Outcome<Void> assign(Assignment command) {
        return Rereads.decide(ATTEMPTS, command, this::assignOnce, AssigningServiceGroups::keptChanging);
    }

    /** Done whether or not they were in it. */
    public Outcome<Void> unassign(Assignment command) {
        return Rereads.decide(ATTEMPTS, command, this::unassignOnce, AssigningServiceGroups::keptChanging);
    }

    private Rereads.Step<Assignment, Outcome<Void>> assignOnce(Assignment command) {
        Optional<Service> service = services.find(command.organisation(), command.group().service());
        if (service.isEmpty()) {
            return decided(Outcome.refused(Reason.SERVICE_NOT_FOUND, "No service "
                    + command.group().service().value() + "."));
        }
        Optional<String> refused = command.actor().whyNotGive(service.get(), command.group().group());
        if (refused.isPresent()) {
            return decided(Outcome.refused(Reason.MISSING_ROLE, refused.get()));
        }
        return switch (services.assign(command.organisation(), command.group(), command.user(), command.userId(),
                service.get(), judged(command, service.get()))) {
            case ASSIGNED -> decided(Outcome.done());
            case NOT_A_MEMBER -> decided(Outcome.refused(Reason.MEMBER_NOT_FOUND, "No member "
                    + command.userId() + "."));
            case TOO_MANY_GROUPS -> decided(Outcome.refused(Reason.CONFLICT, "A member is in at most "
                    + Services.MOST_GROUPS_OF_A_MEMBER + " service groups; take them out of one first."));
            case ORGANISATION_GONE -> decided(Outcome.refused(Reason.ORGANISATION_NOT_FOUND,
                    "The organisation no longer exists."));
            case ACTOR_CHANGED -> decided(actorChanged());
            case SERVICE_CHANGED -> new Rereads.Again<>(command);
        };
    }

    private Rereads.Step<Assignment, Outcome<Void>> unassignOnce(Assignment command) {
        Optional<Service> service = services.find(command.organisation(), command.group().service());
        Optional<String> refused = service.flatMap(found -> command.actor().whyNotGive(found,
                command.group().group()));
        if (refused.isPresent()) {
            return decided(Outcome.refused(Reason.MISSING_ROLE, refused.get()));
        }
        return switch (services.unassign(command.organisation(), command.group(), command.user(), command.userId(),
                service, service.flatMap(found -> judged(command, found)))) {
            case UNASSIGNED -> decided(Outcome.done());
            case ACTOR_CHANGED -> decided(actorChanged());
            case SERVICE_CHANGED -> new Rereads.Again<>(command);
        };
    }

    /** The actor, to be checked when written, when the group carries anything they were judged to hold. */
    private static Optional<HoldingInServices> judged(Assignment command, Service service) {
        return service.groups().of(command.group().group()).isEmpty() ? Optional.empty()
                : Optional.of(command.actor());
    }

    static Outcome<Void> actorChanged() {
        return Outcome.refused(Reason.MISSING_ROLE, "What you hold changed while this was decided; read again.");
    }

    private static Rereads.Step<Assignment, Outcome<Void>> decided(Outcome<Void> outcome) {
        return new Rereads.Decided<>(outcome);
    }

    private static Outcome<Void> keptChanging() {
        return Outcome.refused(Reason.CONFLICT, "The service kept changing; try again.");
    }
}
