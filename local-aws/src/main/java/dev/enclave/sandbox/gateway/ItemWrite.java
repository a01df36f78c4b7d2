package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;

/**
 * One item a write request touches, and how.
 *
 * @param kind what happens to the item
 * @param key  the item
 * @param item the whole new item, for a put
 */
record ItemWrite(Kind kind, TableItemKey key, Optional<ObjectNode> item) {

    /** The ways a write request touches an item. */
    enum Kind {
        PUT, UPDATE, DELETE,
        /** A transaction's ConditionCheck: the item is read, not changed. */
        CHECK;

        boolean changes() {
            return this != CHECK;
        }
    }

    ItemWrite {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(item, "item");
    }
}
