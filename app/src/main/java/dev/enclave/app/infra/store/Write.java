package dev.enclave.app.infra.store;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * One write of a transaction, on the table its store is bound to, and as the low-level client sends it: every
 * conditional write returns its old item if refused.
 */
public sealed interface Write {

    /** The key of the item written. */
    ItemKey key();

    /** This write in a {@code TransactWriteItems} on {@code table}. */
    TransactWriteItem transactItem(String table);

    /** Puts {@code item}, if {@code condition} holds. */
    record Put(Map<String, AttributeValue> item, Optional<Expr> condition) implements Write {
        public Put {
            item = Map.copyOf(item);
            Objects.requireNonNull(condition, "condition");
        }

        @Override
        public ItemKey key() {
            return ItemKey.of(item);
        }

        @Override
        public TransactWriteItem transactItem(String table) {
            return TransactWriteItem.builder().put(p -> {
                p.tableName(table).item(item);
                condition.ifPresent(c -> p.conditionExpression(c.text()).expressionAttributeNames(c.namesOrNull())
                        .expressionAttributeValues(c.valuesOrNull()).returnValuesOnConditionCheckFailure(Old.ITEM));
            }).build();
        }
    }

    /** Applies {@code update} to the item at {@code key}, if {@code condition} holds. */
    record Update(ItemKey key, Expr update, Optional<Expr> condition) implements Write {
        public Update {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(update, "update");
            Objects.requireNonNull(condition, "condition");
        }

        @Override
        public TransactWriteItem transactItem(String table) {
            Expr all = condition.map(update::withPlaceholdersOf).orElse(update);
            return TransactWriteItem.builder().update(u -> {
                u.tableName(table).key(key.asMap()).updateExpression(update.text())
                        .expressionAttributeNames(all.namesOrNull()).expressionAttributeValues(all.valuesOrNull());
                condition.ifPresent(c -> u.conditionExpression(c.text())
                        .returnValuesOnConditionCheckFailure(Old.ITEM));
            }).build();
        }
    }

    /** Deletes the item at {@code key}, if {@code condition} holds. */
    record Delete(ItemKey key, Optional<Expr> condition) implements Write {
        public Delete {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(condition, "condition");
        }

        @Override
        public TransactWriteItem transactItem(String table) {
            return TransactWriteItem.builder().delete(d -> {
                d.tableName(table).key(key.asMap());
                condition.ifPresent(c -> d.conditionExpression(c.text()).expressionAttributeNames(c.namesOrNull())
                        .expressionAttributeValues(c.valuesOrNull()).returnValuesOnConditionCheckFailure(Old.ITEM));
            }).build();
        }
    }

    /** Writes nothing, but refuses the transaction unless {@code condition} holds on the item at {@code key}. */
    record Check(ItemKey key, Expr condition) implements Write {
        public Check {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(condition, "condition");
        }

        @Override
        public TransactWriteItem transactItem(String table) {
            return TransactWriteItem.builder().conditionCheck(c -> c.tableName(table).key(key.asMap())
                    .conditionExpression(condition.text()).expressionAttributeNames(condition.namesOrNull())
                    .expressionAttributeValues(condition.valuesOrNull())
                    .returnValuesOnConditionCheckFailure(Old.ITEM)).build();
        }
    }

    /**
     * This write, refused unless {@code more} holds on its item too (a put is returned as it is: it makes the item,
     * so nothing holds on it). {@code more}'s placeholders must be its own.
     */
    default Write alsoRequiring(Expr more) {
        if (this instanceof Update update) {
            return new Update(update.key(), update.update(), Optional.of(update.condition().map(c -> c.and(more))
                    .orElse(more)));
        } else if (this instanceof Delete delete) {
            return new Delete(delete.key(), Optional.of(delete.condition().map(c -> c.and(more)).orElse(more)));
        } else if (this instanceof Check check) {
            return new Check(check.key(), check.condition().and(more));
        }
        return this;
    }

    /** What a refused conditional write returns. */
    final class Old {
        static final ReturnValuesOnConditionCheckFailure ITEM = ReturnValuesOnConditionCheckFailure.ALL_OLD;

        private Old() {
        }
    }
}
