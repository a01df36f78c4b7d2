package dev.enclave.tenancy.guard;

import dev.enclave.table.IndexDesign;
import dev.enclave.table.TableDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** Reads {@link TouchedKeys} off the item-level DynamoDB requests, knowing the key attributes of the design. */
final class KeyExtractor {

    private static final Pattern EQUALITY = Pattern.compile("(#?[A-Za-z0-9_.-]+)\\s*=\\s*(:[A-Za-z0-9_]+)");

    private final TableDesign design;

    KeyExtractor(TableDesign design) {
        this.design = design;
    }

    /** The keys of an allowed operation; empty for operations the guard does not let through at all. */
    Optional<TouchedKeys> extract(SdkRequest request) {
        Collector keys = new Collector();
        if (request instanceof GetItemRequest get) {
            keys.partition(get.key());
        } else if (request instanceof PutItemRequest put) {
            keys.written(put.item());
        } else if (request instanceof UpdateItemRequest update) {
            keys.partition(update.key());
            keys.values(update.expressionAttributeValues());
        } else if (request instanceof DeleteItemRequest delete) {
            keys.partition(delete.key());
        } else if (request instanceof QueryRequest query) {
            keys.partitionValue(queryPartitionValue(query));
        } else if (request instanceof BatchGetItemRequest batch) {
            batch.requestItems().values().forEach(table -> table.keys().forEach(keys::partition));
        } else if (request instanceof BatchWriteItemRequest batch) {
            batch.requestItems().values().forEach(writes -> writes.forEach(w -> batchWrite(keys, w)));
        } else if (request instanceof TransactGetItemsRequest transact) {
            transact.transactItems().forEach(item -> keys.partition(item.get().key()));
        } else if (request instanceof TransactWriteItemsRequest transact) {
            transact.transactItems().forEach(item -> transactWrite(keys, item));
        } else {
            return Optional.empty();
        }
        return Optional.of(keys.build());
    }

    private static void batchWrite(Collector keys, WriteRequest write) {
        if (write.putRequest() != null) {
            keys.written(write.putRequest().item());
        }
        if (write.deleteRequest() != null) {
            keys.partition(write.deleteRequest().key());
        }
    }

    private static void transactWrite(Collector keys, TransactWriteItem item) {
        if (item.put() != null) {
            keys.written(item.put().item());
        } else if (item.update() != null) {
            keys.partition(item.update().key());
            keys.values(item.update().expressionAttributeValues());
        } else if (item.delete() != null) {
            keys.partition(item.delete().key());
        } else if (item.conditionCheck() != null) {
            keys.partition(item.conditionCheck().key());
        }
    }

    private String queryPartitionValue(QueryRequest query) {
        String attribute = partitionAttributeOf(query.indexName());
        if (query.hasKeyConditions() && query.keyConditions().containsKey(attribute)) {
            var condition = query.keyConditions().get(attribute);
            return condition.comparisonOperator() == ComparisonOperator.EQ && condition.attributeValueList().size() == 1
                    ? condition.attributeValueList().get(0).s() : null;
        }
        if (query.keyConditionExpression() == null) {
            return null;
        }
        Matcher matcher = EQUALITY.matcher(query.keyConditionExpression());
        while (matcher.find()) {
            String name = matcher.group(1).startsWith("#")
                    ? query.expressionAttributeNames().get(matcher.group(1)) : matcher.group(1);
            AttributeValue value = query.expressionAttributeValues().get(matcher.group(2));
            if (attribute.equals(name) && value != null) {
                return value.s();
            }
        }
        return null;
    }

    private String partitionAttributeOf(String indexName) {
        if (indexName == null) {
            return design.partitionKey();
        }
        return design.indexes().stream().filter(i -> i.indexName().equals(indexName))
                .map(IndexDesign::partitionKey).findFirst().orElse("\u0000unknown index " + indexName);
    }

    /** Accumulates keys while one request is read. */
    private final class Collector {
        private final List<String> partitionKeys = new ArrayList<>();
        private final List<String> written = new ArrayList<>();

        void partition(Map<String, AttributeValue> key) {
            partitionValue(key.containsKey(design.partitionKey()) ? key.get(design.partitionKey()).s() : null);
        }

        void partitionValue(String value) {
            partitionKeys.add(value);
        }

        void written(Map<String, AttributeValue> item) {
            partition(item);
            for (String attribute : design.keyAttributes()) {
                AttributeValue value = item.get(attribute);
                if (value != null && value.s() != null) {
                    written.add(value.s());
                }
            }
        }

        void values(Map<String, AttributeValue> expressionValues) {
            expressionValues.values().stream().filter(v -> v.s() != null).forEach(v -> written.add(v.s()));
        }

        TouchedKeys build() {
            return new TouchedKeys(partitionKeys.stream().map(v -> v == null ? "" : v).toList(), written);
        }
    }
}
