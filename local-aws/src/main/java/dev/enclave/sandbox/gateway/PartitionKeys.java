package dev.enclave.sandbox.gateway;

import java.util.Optional;

/** Which attribute is the partition key of a table or of one of its indexes. */
@FunctionalInterface
interface PartitionKeys {

    /**
     * @param table a table name
     * @param index an index of the table, or empty for the table itself
     * @return empty when the table or index is unknown
     */
    Optional<String> partitionKey(String table, Optional<String> index);
}
