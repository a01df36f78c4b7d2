package dev.enclave.app.domain.organisation;


import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An organisation, which is a tenant. Its id is chosen at creation and never changes; its name can.
 *
 * @param members how many members it has; accepting an invitation needs {@code members < seats}
 * @param version increases with every change; updates are conditional on it (the ETag)
 * @param limits  its own request limits, set by a platform admin; empty: the defaults
 * @param pending the job a rename or the deletion left running in the background, if any
 */
public record Organisation(TenantId id, String name, int seats, int members, OrganisationStatus status,
                           long version, Instant createdAt, Optional<Limit> limits, Optional<Job.Kind> pending) {

    /** Seats a self-service organisation starts with. */
    public static final int DEFAULT_SEATS = 25;

    public Organisation {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(pending, "pending");
        if (name.isBlank() || name.codePointCount(0, name.length()) > 200) {
            throw new IllegalArgumentException("organisation name must be 1-200 characters");
        }
        if (seats < 1) {
            throw new IllegalArgumentException("an organisation needs at least one seat");
        }
    }

    /** An organisation with no job running. */
    public Organisation(TenantId id, String name, int seats, int members, OrganisationStatus status, long version,
                        Instant createdAt, Optional<Limit> limits) {
        this(id, name, seats, members, status, version, createdAt, limits, Optional.empty());
    }

    public static Organisation create(TenantId id, String name, Instant now) {
        return new Organisation(id, name, DEFAULT_SEATS, 1, OrganisationStatus.ACTIVE, 1, now, Optional.empty());
    }

    /** An organisation set up by the platform: no member yet, its first owner is invited. */
    public static Organisation onboarded(TenantId id, String name, int seats, Instant now) {
        return new Organisation(id, name, seats, 0, OrganisationStatus.ACTIVE, 1, now, Optional.empty());
    }

    /** This life of the organisation's id, which names its data namespace (a re-created id gets a new one). */
    public Incarnation incarnation() {
        return Incarnation.createdAt(createdAt);
    }

    /** The organisation renamed, at its next version, with the rename's copy of the name to finish. */
    public Organisation renamed(String newName) {
        return new Organisation(id, newName, seats, members, status, version + 1, createdAt, limits,
                Optional.of(Job.Kind.RENAME));
    }
}
