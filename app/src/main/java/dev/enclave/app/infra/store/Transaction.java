package dev.enclave.app.infra.store;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.identity.Incarnation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A TransactWriteItems as named writes: every write is added under the {@link WriteRole} it plays, and a refusal
 * answers by role ({@link TransactionOutcome}).
 *
 * @param writes             the writes in the order they are sent, each with its role
 * @param clientRequestToken the idempotency token DynamoDB deduplicates the call by, if any
 * @param event              the event the change records, in the same transaction ({@link EventLog})
 */
public record Transaction(List<NamedWrite> writes, Optional<String> clientRequestToken,
                         Optional<Recording> event) {

    /** DynamoDB's limit of writes in one transaction. */
    public static final int MAX_WRITES = 100;
    /** The most events one change records. */
    public static final int MAX_EVENTS = 2;
    /**
     * The checks a change may carry besides ({@link ChangeChecks}): its actor's membership, the definitions their
     * permission came from, and the organisation still active (for an API key acting: the key, and the organisation).
     */
    public static final int MAX_ACTOR_CHECKS = 3;
    /** The writes a change may make besides its events, their places (the log's head) and its actor's checks. */
    public static final int MAX_CHANGE_WRITES = MAX_WRITES - MAX_EVENTS - 1 - MAX_ACTOR_CHECKS;
    /**
     * The writes a change that writes the organisation's item may make: the check that the organisation is still
     * active rides on that write, and takes no place of its own.
     */
    public static final int MAX_CHANGE_WRITES_ON_THE_ORGANISATION = MAX_CHANGE_WRITES + 1;

    public Transaction {
        writes = List.copyOf(writes);
        Objects.requireNonNull(clientRequestToken, "clientRequestToken");
        Objects.requireNonNull(event, "event");
    }

    /** The same transaction, its event too, with {@code others} as its writes. */
    public Transaction withWrites(List<NamedWrite> others) {
        return new Transaction(others, clientRequestToken, event);
    }

    /** The same transaction with {@code more} writes after its own, and no event left to record. */
    public Transaction with(List<NamedWrite> more) {
        List<NamedWrite> all = new ArrayList<>(writes);
        all.addAll(more);
        return new Transaction(all, clientRequestToken, Optional.empty());
    }

    /**
     * The events to record, in this order, in the organisation's life {@code incarnation} when the workflow knows it
     * (otherwise the one the log's head records); {@code retention}, when given, changes how long the
     * organisation keeps its events from now on; {@code watched}, when given, whether webhook endpoints watch the
     * log from now on (each event then puts the log on the due-deliveries index).
     */
    public record Recording(List<NewEvent> events, Optional<Incarnation> incarnation,
                            Optional<RetentionChange> retention, Optional<Boolean> watched) {

        public Recording(List<NewEvent> events, Optional<Incarnation> incarnation, Optional<RetentionChange> retention) {
            this(events, incarnation, retention, Optional.empty());
        }

        /** The days the change sets, if it sets the retention. */
        public Optional<Integer> retentionDays() {
            return retention.map(RetentionChange::days);
        }

        public Recording {
            events = List.copyOf(events);
            if (events.isEmpty() || events.size() > MAX_EVENTS) {
                throw new IllegalArgumentException("a change records 1 to " + MAX_EVENTS + " events");
            }
            Objects.requireNonNull(incarnation, "incarnation");
            Objects.requireNonNull(retention, "retention");
            Objects.requireNonNull(watched, "watched");
        }
    }

    /**
     * A change of the organisation's retention, made only while the log's head holds what the change read:
     * {@code seen} is the life's own retention as read (empty: none of its own, the platform's default), so the
     * change's event says truly what it was before.
     */
    public record RetentionChange(Optional<Integer> seen, int days) {
        public RetentionChange {
            Objects.requireNonNull(seen, "seen");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A write and the role it plays. */
    public record NamedWrite(WriteRole role, Write write) {
        public NamedWrite {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(write, "write");
        }
    }

    /** Collects the writes of one transaction. */
    public static final class Builder {

        private final List<NamedWrite> writes = new ArrayList<>();
        private Optional<String> clientRequestToken = Optional.empty();
        private Optional<Incarnation> incarnation = Optional.empty();
        private Optional<Recording> event = Optional.empty();

        private Builder() {
        }

        /**
         * Records {@code writer} on every item this transaction puts from now on ({@link Incarnations}): the
         * organisation's life the items belong to.
         */
        public Builder writtenBy(Incarnation writer) {
            this.incarnation = Optional.of(writer);
            return this;
        }

        public Builder put(WriteRole role, Map<String, AttributeValue> item, Expr condition) {
            return add(role, new Write.Put(item, Optional.of(condition)));
        }

        /** Puts {@code item}, whatever is there. */
        public Builder put(WriteRole role, Map<String, AttributeValue> item) {
            return add(role, new Write.Put(item, Optional.empty()));
        }

        /** Puts {@code item} only where no item is yet. */
        public Builder create(WriteRole role, Map<String, AttributeValue> item) {
            return put(role, item, Expr.absent());
        }

        public Builder update(WriteRole role, ItemKey key, Expr update, Expr condition) {
            return add(role, new Write.Update(key, update, Optional.of(condition)));
        }

        public Builder delete(WriteRole role, ItemKey key, Expr condition) {
            return add(role, new Write.Delete(key, Optional.of(condition)));
        }

        /** Deletes whatever is at {@code key}, if anything. */
        public Builder delete(WriteRole role, ItemKey key) {
            return add(role, new Write.Delete(key, Optional.empty()));
        }

        public Builder check(WriteRole role, ItemKey key, Expr condition) {
            return add(role, new Write.Check(key, condition));
        }

        /** Records {@code events} with the change (in the organisation's life {@link #writtenBy} names, if any). */
        public Builder records(NewEvent... events) {
            return records(new Recording(List.of(events), incarnation, Optional.empty()));
        }

        public Builder records(Recording recording) {
            this.event = Optional.of(recording);
            return this;
        }

        public Builder clientRequestToken(Optional<String> token) {
            this.clientRequestToken = token;
            return this;
        }

        /** Adds {@code write}; a put, another aggregate's included, is stamped as {@link #writtenBy} says. */
        public Builder add(WriteRole role, Write write) {
            writes.add(new NamedWrite(role, write instanceof Write.Put put ? stamped(put) : write));
            return this;
        }

        private Write.Put stamped(Write.Put put) {
            return incarnation.map(writer -> new Write.Put(Incarnations.stamp(put.item(), writer), put.condition()))
                    .orElse(put);
        }

        /** How many writes the transaction holds so far. */
        public int size() {
            return writes.size();
        }

        public Transaction build() {
            return new Transaction(writes, clientRequestToken, event);
        }
    }
}
