package dev.enclave.app.organisation;

import dev.enclave.identity.TenantId;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes owed work: right away for the request that recorded it, and, for whatever a crash or a fault left
 * behind, in a sweep once shortly after start and then every {@code enclave.owed-work.sweep-interval}. Each piece
 * of work is safe to repeat, so a sweep racing the request that owns a debt does no harm; the grace only spares
 * it the duplicate effort.
 */
@Singleton
@Requires(beans = {Organisations.class, OwedWork.class, NameCopies.class})
public final class FinishingOwedWork {

    private static final Logger LOG = LoggerFactory.getLogger(FinishingOwedWork.class);
    private static final int SWEEP_BATCH = 25;

    private final Organisations organisations;
    private final OwedWork owedWork;
    private final NameCopies nameCopies;
    private final OwedWorkSettings settings;
    private final Clock clock;

    FinishingOwedWork(Organisations organisations, OwedWork owedWork, NameCopies nameCopies,
                      OwedWorkSettings settings, Clock clock) {
        this.organisations = organisations;
        this.owedWork = owedWork;
        this.nameCopies = nameCopies;
        this.settings = settings;
        this.clock = clock;
    }

    /** Copies a rename's name into every membership and settles its debt; a fault leaves both to the sweep. */
    void renamed(Organisation organisation) {
        attempt(organisation.id(), OwedWork.Kind.RENAME,
                () -> copyName(organisation, new OwedWork.Debt(OwedWork.Kind.RENAME, organisation.version())));
    }

    /** Removes a marked organisation's items; a fault leaves them to the sweep. */
    void markedDeleting(TenantId id) {
        attempt(id, OwedWork.Kind.DELETE, () -> organisations.removeAll(id));
    }

    /** Finishes every debt older than the grace, a batch at a time; returns how many it finished. */
    @Scheduled(fixedDelay = "${enclave.owed-work.sweep-interval:10s}",
            initialDelay = "${enclave.owed-work.first-sweep:1s}")
    public int sweep() {
        int finished = 0;
        try {
            List<TenantId> owing;
            long finishedNow;
            do {
                owing = owedWork.owing(clock.instant().minus(settings.getGrace()), SWEEP_BATCH);
                finishedNow = owing.stream().filter(this::finish).count();
                finished += (int) finishedNow;
            } while (owing.size() == SWEEP_BATCH && finishedNow > 0);
        } catch (RuntimeException fault) {
            LOG.warn("owed-work sweep stopped; the next sweep goes on", fault);
        }
        return finished;
    }

    private boolean finish(TenantId id) {
        return owedWork.debtOf(id).map(debt -> attempt(id, debt.kind(), () -> finish(id, debt))).orElse(false);
    }

    private void finish(TenantId id, OwedWork.Debt debt) {
        switch (debt.kind()) {
            case RENAME -> organisations.find(id).ifPresent(organisation -> copyName(organisation, debt));
            case DELETE -> organisations.removeAll(id);
        }
        LOG.info("finished owed work tenant={} kind={}", id.value(), debt.kind());
    }

    private void copyName(Organisation organisation, OwedWork.Debt debt) {
        nameCopies.copy(organisation.id(), new OrganisationName(organisation.name(), organisation.version()));
        owedWork.settle(organisation.id(), debt);
    }

    /** Runs one piece of work; a fault is logged and the work left owed. */
    private static boolean attempt(TenantId id, OwedWork.Kind kind, Runnable work) {
        try {
            work.run();
            return true;
        } catch (RuntimeException fault) {
            LOG.warn("owed work left for the sweeper tenant={} kind={} cause={}", id.value(), kind,
                    fault.getClass().getSimpleName());
            return false;
        }
    }
}
