package dev.enclave.app.infra.store.event;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.enclave.app.domain.event.EventContext;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Backoff;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.EventLog;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.OrganisationBusyException;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import io.micronaut.context.event.ApplicationEventPublisher;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The organisation's log as a sequence: each transaction that records an event takes the next place at the head
 * ({@link EventHead}) and puts its event there, in the same transaction. The head last seen is cached per
 * organisation: an organisation's transactions take turns within an instance, so the cache is right unless another
 * instance wrote since; then the head refuses, is read again, and the transaction is sent again at the next
 * place; a head cached in another life of the organisation than the one the transaction names is read again
 * before it places anything (its retention and webhooks are that life's, even where its place happens to match).
 * Places are taken in commit order and never by a transaction that did not commit, so a reader that saw
 * place n has every place before it: the feed never skips, whatever the instances' clocks say. When webhook
 * endpoints watch the log, each commit is announced in this instance ({@link LogAppended}), so the deliveries'
 * worker here starts at once; the due-deliveries index tells every instance too.
 */
@Singleton
final class SequencedEventLog implements EventLog {

    /** How long a transaction keeps trying for a place other instances keep taking first. */
    static final Duration PLACE_BUDGET = Duration.ofSeconds(10);
    private static final int LONGEST_PAUSE_ROUND = 4;

    private enum Role implements WriteRole { EVENT_HEAD, EVENT }

    private final EventContext context;
    private final Clock clock;
    private final EventSettings settings;
    private final CheckedItems checked;
    private final ApplicationEventPublisher<LogAppended> appended;
    private final Cache<TenantId, EventHead> heads = Caffeine.newBuilder().maximumSize(100_000)
            .expireAfterAccess(Duration.ofMinutes(30)).build();

    SequencedEventLog(EventContext context, Clock clock, EventSettings settings, CheckedItems checked,
                      ApplicationEventPublisher<LogAppended> appended) {
        this.context = context;
        this.appended = appended;
        this.checked = checked;
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    public TransactionOutcome send(TenantId tenant, ScopedTable table, Transaction transaction,
                                   Function<Transaction, TransactionOutcome> sender) {
        Transaction.Recording recording = transaction.event().orElseThrow();
        long deadline = System.nanoTime() + PLACE_BUDGET.toNanos();
        for (int round = 1; ; round++) {
            EventHead head = round == 1 && recording.retention().isPresent() ? reread(tenant, table)
                    : heads.get(tenant, key -> EventHead.of(table.get(EventKeys.head(key))));
            Incarnation in = lifeOf(tenant, table, recording, head);
            if (head.incarnation().filter(seen -> !seen.equals(in)).isPresent()) {
                head = reread(tenant, table);
            }
            if (!retentionAsSeen(recording, head.ofLife(in))) {
                return new TransactionOutcome(Map.of(LogRole.RETENTION_AS_SEEN, List.of()), Optional.empty());
            }
            if (head.ofLife(in) != head && !checksTheOrganisation(tenant, transaction)) {
                throw new IllegalStateException("the log of another life of " + tenant.value() + " is taken over only"
                        + " by a transaction that holds the organisation to the life it names");
            }
            TransactionOutcome outcome = sender.apply(transaction.with(placed(tenant, in, recording, head)));
            if (outcome.refused(Role.EVENT) && !outcome.refused(Role.EVENT_HEAD)) {
                throw outcome.unexpected();
            }
            if (outcome.refused(Role.EVENT_HEAD)) {
                heads.invalidate(tenant);
            }
            if (!refusedByTheLogAlone(outcome)) {
                if (outcome.committed()) {
                    EventHead now = head.advanced(recording.events().size(), in, recording.retentionDays(),
                            recording.watched());
                    heads.put(tenant, now);
                    if (now.watched()) {
                        appended.publishEvent(new LogAppended(tenant));
                    }
                }
                return outcome;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new OrganisationBusyException(tenant, PLACE_BUDGET);
            }
            Backoff.pause(Math.min(round, LONGEST_PAUSE_ROUND));
        }
    }

    /** Whether the life's head holds the retention a retention change read (true for any other change). */
    private static boolean retentionAsSeen(Transaction.Recording recording, EventHead own) {
        return recording.retention().map(change -> own.retentionDays().equals(change.seen())).orElse(true);
    }

    private EventHead reread(TenantId tenant, ScopedTable table) {
        EventHead head = EventHead.of(table.get(EventKeys.head(tenant)));
        heads.put(tenant, head);
        return head;
    }

    @Override
    public Retention retention(TenantId tenant, ScopedTable table, Incarnation in) {
        EventHead head = EventHead.of(table.get(EventKeys.head(tenant)));
        Optional<Integer> own = head.incarnation().filter(in::equals).flatMap(life -> head.retentionDays());
        return new Retention(own.orElse(settings.getRetentionDays()), own.isPresent());
    }

    /**
     * Whether the transaction writes or checks the organisation's item, whose conditions hold it to the life it
     * names: only such a transaction may take over a head another life left, so a writer that read a life since
     * deleted never resets its successor's log (its own organisation condition refuses the whole transaction).
     */
    private static boolean checksTheOrganisation(TenantId tenant, Transaction transaction) {
        ItemKey organisation = OrganisationReads.item(tenant).key();
        return transaction.writes().stream().anyMatch(named -> named.write().key().equals(organisation));
    }

    /**
     * Whether only the log's own writes refused: another instance took the place, and the change itself would have
     * committed, so it is sent again at the next place. When the change's own conditions refused too, that is its
     * answer, whatever the head says.
     */
    private static boolean refusedByTheLogAlone(TransactionOutcome outcome) {
        return outcome.refused(Role.EVENT_HEAD) && outcome.refusedRoles().stream()
                .allMatch(role -> role == Role.EVENT_HEAD || role == Role.EVENT);
    }

    /**
     * The organisation's life the event is recorded in: the one the workflow names, else the head's, else (the
     * first event of an organisation older than its log) the organisation item's. A workflow that names another
     * life than the head's (creating an id that is taken) is refused by its own conditions, with the head's.
     */
    private Incarnation lifeOf(TenantId tenant, ScopedTable table, Transaction.Recording recording, EventHead head) {
        return recording.incarnation().or(head::incarnation).orElseGet(() -> {
            ItemRead<Organisation> organisation = OrganisationReads.item(tenant);
            return checked.one(ItemKind.ORGANISATION, ReadScope.tenant(tenant), table.get(organisation.key()),
                    organisation.mapper()).map(Organisation::incarnation).orElseThrow(() ->
                    new IllegalStateException("an event of " + tenant.value() + ", which has no organisation"));
        });
    }

    private List<Transaction.NamedWrite> placed(TenantId tenant, Incarnation in, Transaction.Recording recording,
                                                EventHead head) {
        EventHead own = head.ofLife(in);
        int retention = recording.retentionDays().or(own::retentionDays).orElse(settings.getRetentionDays());
        Instant now = clock.instant();
        List<Transaction.NamedWrite> writes = new ArrayList<>();
        writes.add(new Transaction.NamedWrite(Role.EVENT_HEAD,
                head.take(tenant, recording.events().size(), in, recording.retentionDays(), recording.watched(),
                        now)));
        for (int i = 0; i < recording.events().size(); i++) {
            RecordedEvent event = recorded(tenant, in, recording.events().get(i), own.last() + 1 + i, now);
            writes.add(new Transaction.NamedWrite(Role.EVENT, new Write.Put(EventItems.toItem(event,
                    now.plus(Duration.ofDays(retention))), Optional.of(Incarnations.noneOf(in)))));
        }
        return writes;
    }

    private RecordedEvent recorded(TenantId tenant, Incarnation in, NewEvent event, long place, Instant now) {
        return new RecordedEvent(tenant, in, place, UUID.randomUUID().toString(), event.type(),
                event.actor().orElseGet(context::actor), event.targets(), event.changes(), context.requestId(), now,
                event.occurredAt().orElse(now));
    }
}
