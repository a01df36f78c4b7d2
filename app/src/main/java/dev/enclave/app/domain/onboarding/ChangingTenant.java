package dev.enclave.app.domain.onboarding;

import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.util.Optional;

/** A platform admin suspends or resumes a tenant, and sets its seats and request limits (the edge checked the role). */
@Singleton
public record ChangingTenant(Organisations organisations) {

    /** {@code ACTIVE} resumes, {@code SUSPENDED} suspends. */
    public record SetStatus(TenantId tenant, OrganisationStatus status) {
    }

    /** Seats, never below the current member count. */
    public record SetSeats(TenantId tenant, int seats) {
    }

    /** How many days the tenant keeps its events from now on (1 to {@value #MAX_RETENTION_DAYS}). */
    public record SetEventRetention(TenantId tenant, int days) {
    }

    /** The most days a tenant may keep its events. */
    public static final int MAX_RETENTION_DAYS = 365;

    /** Limits of its own, or (empty) back to the platform's defaults. */
    public record SetLimits(TenantId tenant, Optional<Limit> limits) {
    }

    public Outcome<Void> setStatus(SetStatus command) {
        return answer(organisations.setStatus(command.tenant(), command.status())).fold(changed -> Outcome.done(),
                Outcome::refused);
    }

    /** The tenant as it is now. */
    public Outcome<Organisation> setSeats(SetSeats command) {
        return answer(organisations.setSeats(command.tenant(), command.seats()));
    }

    /** The tenant as it is now. */
    public Outcome<Organisation> setLimits(SetLimits command) {
        return answer(organisations.setLimits(command.tenant(), command.limits()));
    }

    public Outcome<Void> setEventRetention(SetEventRetention command) {
        if (command.days() < 1 || command.days() > MAX_RETENTION_DAYS) {
            return Outcome.refused(Reason.BAD_REQUEST, "Retention is 1 to " + MAX_RETENTION_DAYS + " days.");
        }
        return answer(organisations.setEventRetention(command.tenant(), command.days()))
                .fold(changed -> Outcome.done(), Outcome::refused);
    }

    private static Outcome<Organisation> answer(Organisations.AdminChange change) {
        if (change instanceof Organisations.AdminChange.Changed changed) {
            return Outcome.done(changed.organisation());
        } else if (change instanceof Organisations.AdminChange.BelowMembers below) {
            return Outcome.refused(Reason.CONFLICT,
                    "Seats cannot go below the current number of members (" + below.members() + ").");
        } else if (change instanceof Organisations.AdminChange.KeptChanging) {
            return Outcome.refused(Reason.CONFLICT,
                    "The organisation kept changing while this change was made; nothing was changed. Try again.");
        }
        return Outcome.refused(Reason.ORGANISATION_NOT_FOUND, "No such tenant.");
    }
}
