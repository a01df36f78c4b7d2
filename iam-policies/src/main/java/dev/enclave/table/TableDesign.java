package dev.enclave.table;

import java.util.List;
import java.util.Objects;

/**
 * The single-table design: key attributes, indexes and the TTL attribute. The local bootstrap creates the table
 * from it and the infrastructure template is generated from it, so the two cannot drift.
 *
 * @param partitionKey the table partition-key attribute (a string, always {@code TENANT#<id>#...})
 * @param sortKey      the table sort-key attribute (a string)
 * @param ttlAttribute the attribute DynamoDB TTL expires items by (epoch seconds)
 * @param indexes      the global secondary indexes, all projecting every attribute
 */
public record TableDesign(String partitionKey, String sortKey, String ttlAttribute, List<IndexDesign> indexes) {

    /** Tenant-prefixed collections inside one tenant, e.g. invitations by status. */
    public static final IndexDesign BY_TENANT_COLLECTION =
            new IndexDesign("byTenantCollection", "GSI1", "GSI1PK", "GSI1SK", false);

    /** The caller's own entries across tenants ("my organisations", "my invitations"), keyed by user or email. */
    public static final IndexDesign BY_USER = new IndexDesign("byUser", "GSI2", "GSI2PK", "GSI2SK", true);

    /** Enclave's table. */
    public static final TableDesign ENCLAVE =
            new TableDesign("PK", "SK", "expiresAt", List.of(BY_TENANT_COLLECTION, BY_USER));

    public TableDesign {
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(sortKey, "sortKey");
        Objects.requireNonNull(ttlAttribute, "ttlAttribute");
        indexes = List.copyOf(indexes);
    }

    /** Every string key attribute of the table and its indexes, table keys first. */
    public List<String> keyAttributes() {
        var names = new java.util.ArrayList<String>(List.of(partitionKey, sortKey));
        indexes.forEach(index -> {
            names.add(index.partitionKey());
            names.add(index.sortKey());
        });
        return List.copyOf(names);
    }
}
