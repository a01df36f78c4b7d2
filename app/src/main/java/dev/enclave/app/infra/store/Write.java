package dev.enclave.app.infra.store;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One write of a transaction, on the table its store is bound to. */
public sealed interface Write {

    /** Puts {@code item}, if {@code condition} holds. */
    record Put(Map<String, AttributeValue> item, Optional<Expr> condition) implements Write {
        public Put {
            item = Map.copyOf(item);
            Objects.requireNonNull(condition, "condition");
        }
    }

    /** Applies {@code update} to the item at {@code key}, if {@code condition} holds. */
    record Update(ItemKey key, Expr update, Optional<Expr> condition) implements Write {
        public Update {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(update, "update");
            Objects.requireNonNull(condition, "condition");
        }
    }

    /** Deletes the item at {@code key}, if {@code condition} holds. */
    record Delete(ItemKey key, Optional<Expr> condition) implements Write {
        public Delete {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(condition, "condition");
        }
    }

    /** Writes nothing, but refuses the transaction unless {@code condition} holds on the item at {@code key}. */
    record Check(ItemKey key, Expr condition) implements Write {
        public Check {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(condition, "condition");
        }
    }
}
