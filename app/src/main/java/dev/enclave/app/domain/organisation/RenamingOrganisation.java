package dev.enclave.app.domain.organisation;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/**
 * Renames an organisation: the name changes if the stored version is one the caller accepts (If-Match), and the
 * same transaction records the copy of the new name into every membership as a job, which runs in the background
 * ({@link OwedWork}). The answer comes at once, whatever the size: members' own lists show the new name as the
 * job reaches them (the organisation itself, at once).
 */
@Singleton
public final class RenamingOrganisation {

    /** How often the rename reads again when the organisation changed between the read and the write. */
    private static final int ATTEMPTS = 3;

    private final Organisations organisations;
    private final OwedWork jobs;
    private final Clock clock;

    RenamingOrganisation(Organisations organisations, OwedWork jobs, Clock clock) {
        this.organisations = organisations;
        this.jobs = jobs;
        this.clock = clock;
    }

    /** Renames {@code read} (the organisation as the request read it), reading again if it changed meanwhile. */
    public Organisations.RenameOutcome rename(Organisation read, String name, ExpectedVersion expected) {
        Organisation current = read;
        for (int attempt = 1; ; attempt++) {
            Organisations.RenameOutcome outcome = organisations.rename(current, name, expected, clock.instant());
            if (outcome instanceof Organisations.Renamed) {
                jobs.recorded(read.id(), Job.Kind.RENAME);
            }
            Optional<Organisation> again = outcome instanceof Organisations.Changed && attempt < ATTEMPTS
                    ? organisations.find(read.id()).filter(found -> found.createdAt().equals(read.createdAt()))
                    : Optional.empty();
            if (again.isEmpty()) {
                return outcome;
            }
            current = again.get();
        }
    }
}
