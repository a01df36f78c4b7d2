package dev.enclave.table;

import java.util.Objects;

/**
 * A global secondary index of the Enclave table, named in code by the access pattern it serves.
 *
 * @param accessPattern the name code uses for it, e.g. {@code byUser}
 * @param indexName     the DynamoDB index name
 * @param partitionKey  the index partition-key attribute (a string)
 * @param sortKey       the index sort-key attribute (a string)
 * @param crossTenant   whether its partition keys are deliberately not tenant-prefixed (keyed by a user instead)
 * @param keysOnly      whether it projects only the keys (table and index) rather than every attribute
 */
public record IndexDesign(String accessPattern, String indexName, String partitionKey, String sortKey,
                          boolean crossTenant, boolean keysOnly) {

    public IndexDesign {
        Objects.requireNonNull(accessPattern, "accessPattern");
        Objects.requireNonNull(indexName, "indexName");
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(sortKey, "sortKey");
    }
}
