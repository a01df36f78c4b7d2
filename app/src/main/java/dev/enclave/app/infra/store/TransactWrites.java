package dev.enclave.app.infra.store;

import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Named writes as the low-level client sends them; every conditional write returns its old item if refused. */
final class TransactWrites {

    private static final ReturnValuesOnConditionCheckFailure OLD = ReturnValuesOnConditionCheckFailure.ALL_OLD;

    private TransactWrites() {
    }

    static TransactWriteItem of(String table, Write write) {
        if (write instanceof Write.Put put) {
            return TransactWriteItem.builder().put(p -> {
                p.tableName(table).item(put.item());
                put.condition().ifPresent(c -> p.conditionExpression(c.text()).expressionAttributeNames(c.namesOrNull())
                        .expressionAttributeValues(c.valuesOrNull()).returnValuesOnConditionCheckFailure(OLD));
            }).build();
        }
        if (write instanceof Write.Update update) {
            Expr all = update.condition().map(c -> update.update().withPlaceholdersOf(c))
                    .orElse(update.update());
            return TransactWriteItem.builder().update(u -> {
                u.tableName(table).key(update.key().asMap()).updateExpression(update.update().text())
                        .expressionAttributeNames(all.namesOrNull()).expressionAttributeValues(all.valuesOrNull());
                update.condition().ifPresent(c -> u.conditionExpression(c.text())
                        .returnValuesOnConditionCheckFailure(OLD));
            }).build();
        }
        if (write instanceof Write.Delete delete) {
            return TransactWriteItem.builder().delete(d -> {
                d.tableName(table).key(delete.key().asMap());
                delete.condition().ifPresent(c -> d.conditionExpression(c.text())
                        .expressionAttributeNames(c.namesOrNull()).expressionAttributeValues(c.valuesOrNull())
                        .returnValuesOnConditionCheckFailure(OLD));
            }).build();
        }
        Write.Check check = (Write.Check) write;
        return TransactWriteItem.builder().conditionCheck(c -> c.tableName(table).key(check.key().asMap())
                .conditionExpression(check.condition().text())
                .expressionAttributeNames(check.condition().namesOrNull())
                .expressionAttributeValues(check.condition().valuesOrNull())
                .returnValuesOnConditionCheckFailure(OLD)).build();
    }
}
