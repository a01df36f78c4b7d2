package dev.enclave.app.edge.web.credentials;

import dev.enclave.app.infra.vending.DataNamespaces.DataNamespace;
import dev.enclave.iam.policy.Access;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Locale;

/**
 * Where a tenant's backend may work and how: the table, its endpoint and region, the leading-key prefix every
 * partition key must start with, the key attribute names, and the attributes it may never write (index keys).
 */
@Serdeable
@Schema(name = "DataNamespace")
public record DataNamespaceView(String tableName, String region, String endpoint, String keyPrefix,
                                String partitionKey, String sortKey, List<String> forbiddenAttributes,
                                String access) {

    public static DataNamespaceView of(DataNamespace namespace) {
        return new DataNamespaceView(namespace.tableName(), namespace.region(), namespace.endpoint(),
                namespace.keyPrefix(), namespace.partitionKey(), namespace.sortKey(), namespace.forbiddenAttributes(),
                wire(namespace.access()));
    }

    /** {@code read} or {@code readwrite}, as requests name it. */
    public static String wire(Access access) {
        return access == Access.READ ? "read" : "readwrite";
    }

    /** The access a request names ({@code read} when absent). */
    public static Access access(String wire) {
        return wire == null || wire.toLowerCase(Locale.ROOT).equals("read") ? Access.READ : Access.READ_WRITE;
    }
}
