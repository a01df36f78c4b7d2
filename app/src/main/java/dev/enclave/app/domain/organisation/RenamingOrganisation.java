package dev.enclave.app.domain.organisation;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Rereads;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Renames an organisation: the name changes if the stored version is one the caller accepts (If-Match), and the
 * same transaction records the copy of the new name into every membership as a job, which runs in the background
 * ({@link OwedWork}). The answer comes at once, whatever the size: members' own lists show the new name as the
 * job reaches them (the organisation itself, at once).
 */
@Singleton
public record RenamingOrganisation(Organisations organisations, OwedWork jobs, Clock clock) {

    /** How often the rename reads again when the organisation changed between the read and the write. */
    private static final int ATTEMPTS = 8;

    /** Renames {@code organisation} (as the request read it) if it is at a version {@code expected} accepts. */
    public record Rename(Organisation organisation, String name, ExpectedVersion expected) {
    }

    /** The organisation renamed, reading it again (up to {@value #ATTEMPTS} times) if it changed meanwhile. */
    public Outcome<Organisation> rename(Rename command) {
        Organisation read = command.organisation();
        return Rereads.decide(ATTEMPTS, read, current -> renameOnce(command, current),
                RenamingOrganisation::keptChanging);
    }

    private Rereads.Step<Organisation, Outcome<Organisation>> renameOnce(Rename command, Organisation current) {
        Organisation read = command.organisation();
        if (current.name().equals(command.name())) {
            return new Rereads.Decided<>(unchanged(current, command.expected()));
        }
        Organisations.RenameOutcome outcome = organisations.rename(current, command.name(), command.expected(),
                clock.instant());
        if (outcome instanceof Organisations.Renamed renamed) {
            jobs.recorded(read.id(), Job.Kind.RENAME);
            return new Rereads.Decided<>(Outcome.done(renamed.organisation()));
        } else if (outcome instanceof Organisations.VersionMismatch mismatch) {
            return new Rereads.Decided<>(versionMismatch(mismatch.currentVersion()));
        } else if (outcome instanceof Organisations.Changed) {
            return organisations.find(read.id()).filter(found -> found.createdAt().equals(read.createdAt()))
                    .<Rereads.Step<Organisation, Outcome<Organisation>>>map(Rereads.Again::new)
                    .orElseGet(() -> new Rereads.Decided<>(keptChanging()));
        }
        return new Rereads.Decided<>(gone());
    }

    /** A rename to the name it has writes nothing: no version, no job, no event. */
    private static Outcome<Organisation> unchanged(Organisation current, ExpectedVersion expected) {
        return expected.accepts(current.version()) ? Outcome.done(current) : versionMismatch(current.version());
    }

    private static Outcome<Organisation> versionMismatch(long current) {
        return Outcome.refused(Reason.VERSION_MISMATCH, "The organisation is at version " + current
                + "; read it again.");
    }

    private static Outcome<Organisation> keptChanging() {
        return Outcome.refused(Reason.CONFLICT, "The organisation kept changing while it was renamed; try again.");
    }

    private static Outcome<Organisation> gone() {
        return Outcome.refused(Reason.ORGANISATION_NOT_FOUND, "No organisation of that id.");
    }
}
