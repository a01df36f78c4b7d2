package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One item's identity: its table and its primary key in DynamoDB's JSON wire format ({@code {"PK":{"S":"..."}}}).
 * Two keys are equal when they name the same attributes with the same values, in any order.
 *
 * @param table the table name (never an ARN)
 * @param key   the primary-key attributes only
 */
record TableItemKey(String table, ObjectNode key) {

    TableItemKey {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(key, "key");
    }
}
