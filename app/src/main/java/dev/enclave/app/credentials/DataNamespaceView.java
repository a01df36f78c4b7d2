package dev.enclave.app.credentials;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * Where a tenant's backend may work and how: the table, its endpoint and region, the leading-key prefix every
 * partition key must start with, the key attribute names, and the attributes it may never write (index keys).
 */
@Serdeable
@Schema(name = "DataNamespace")
public record DataNamespaceView(String tableName, String region, String endpoint, String keyPrefix,
                                String partitionKey, String sortKey, List<String> forbiddenAttributes,
                                String access) {
}
