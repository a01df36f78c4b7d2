package dev.enclave.tenancy.guard;

import java.util.List;

/**
 * The keys one DynamoDB request names: the partition-key values it addresses (table or index) and every value
 * it would write into a key attribute.
 */
record TouchedKeys(List<String> partitionKeys, List<String> writtenKeyValues) {

    TouchedKeys {
        partitionKeys = List.copyOf(partitionKeys);
        writtenKeyValues = List.copyOf(writtenKeyValues);
    }
}
