package dev.enclave.app.infra.store;

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
 */
public record Transaction(List<NamedWrite> writes, Optional<String> clientRequestToken) {

    /** DynamoDB's limit of writes in one transaction. */
    public static final int MAX_WRITES = 100;

    public Transaction {
        writes = List.copyOf(writes);
        Objects.requireNonNull(clientRequestToken, "clientRequestToken");
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
            return new Transaction(writes, clientRequestToken);
        }
    }
}
