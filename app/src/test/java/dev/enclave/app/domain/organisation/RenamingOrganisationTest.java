package dev.enclave.app.domain.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.identity.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RenamingOrganisationTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Instant NOW = Instant.parse("2026-11-26T04:00:00Z");
    private static final Organisation READ = Organisation.create(ACME, "Acme", NOW);
    private static final Refusal KEPT_CHANGING = new Refusal(Reason.CONFLICT,
            "The organisation kept changing while it was renamed; try again.");

    private final ScriptedOrganisations organisations = new ScriptedOrganisations();
    private final List<Job.Kind> recorded = new ArrayList<>();
    private final RenamingOrganisation renaming = new RenamingOrganisation(organisations,
            (tenant, kind) -> recorded.add(kind), Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void aRename_thatLands_recordsItsJob() {
        organisations.answers.add(new Organisations.Renamed(READ.renamed("Acme Ltd")));

        Outcome<Organisation> outcome = renaming.rename(rename());

        assertThat(outcome).isEqualTo(Outcome.done(READ.renamed("Acme Ltd")));
        assertThat(recorded).containsExactly(Job.Kind.RENAME);
    }

    @Test
    void aRename_thatFoundItsReadStale_readsAgain_andRenamesWhatItReadNow() {
        organisations.answers.add(new Organisations.Changed());
        organisations.answers.add(new Organisations.Renamed(READ.renamed("Acme Ltd")));
        organisations.current = Optional.of(READ);

        assertThat(renaming.rename(rename())).isInstanceOf(Outcome.Done.class);
        assertThat(organisations.renamed).hasSize(2);
        assertThat(recorded).containsExactly(Job.Kind.RENAME);
    }

    @Test
    void aRename_whoseOrganisationWasDeletedAndCreatedAgain_isAConflict_andRecordsNothing() {
        organisations.answers.add(new Organisations.Changed());
        organisations.current = Optional.of(Organisation.create(ACME, "Acme", NOW.plusSeconds(60)));

        assertThat(renaming.rename(rename())).isEqualTo(Outcome.refused(KEPT_CHANGING));
        assertThat(organisations.renamed).hasSize(1);
        assertThat(recorded).isEmpty();
    }

    @Test
    void aRename_thatKeepsFindingItsReadStale_givesUpAsAConflict() {
        for (int i = 0; i < 10; i++) {
            organisations.answers.add(new Organisations.Changed());
        }
        organisations.current = Optional.of(READ);

        assertThat(renaming.rename(rename())).isEqualTo(Outcome.refused(KEPT_CHANGING));
        assertThat(organisations.renamed).hasSize(8);
    }

    @Test
    void aRename_atAnotherVersion_saysWhichVersionItIsAt() {
        organisations.answers.add(new Organisations.VersionMismatch(7));

        assertThat(renaming.rename(rename())).isEqualTo(Outcome.refused(Reason.VERSION_MISMATCH,
                "The organisation is at version 7; read it again."));
    }

    private static RenamingOrganisation.Rename rename() {
        return new RenamingOrganisation.Rename(READ, "Acme Ltd", ExpectedVersion.anyExisting());
    }

    /** Answers renames as scripted, and finds {@link #current}. */
    private static final class ScriptedOrganisations implements Organisations {

        final Deque<RenameOutcome> answers = new ArrayDeque<>();
        final List<Organisation> renamed = new ArrayList<>();
        Optional<Organisation> current = Optional.empty();

        @Override
        public Optional<Organisation> find(TenantId id) {
            return current;
        }

        @Override
        public RenameOutcome rename(Organisation read, String name, ExpectedVersion expected, Instant now) {
            renamed.add(read);
            return answers.removeFirst();
        }

        @Override
        public AdminChange setStatus(TenantId id, OrganisationStatus status) {
            throw new UnsupportedOperationException();
        }

        @Override
        public AdminChange setSeats(TenantId id, int seats) {
            throw new UnsupportedOperationException();
        }

        @Override
        public AdminChange setLimits(TenantId id, Optional<Limit> limits) {
            throw new UnsupportedOperationException();
        }

        @Override
        public AdminChange setEventRetention(TenantId id, int days) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Deletion markDeleting(Organisation read, Instant now) {
            throw new UnsupportedOperationException();
        }
    }
}
