package dev.enclave.app.infra.vending;

import dev.enclave.app.infra.settings.TableSettings;
import dev.enclave.iam.policy.Access;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import software.amazon.awssdk.regions.providers.AwsRegionProvider;

/** Describes a tenant incarnation's data namespace to the backend that will use it. */
@Singleton
@Requires(beans = TenancySettings.class)
public final class DataNamespaces {

    private final TenancySettings tenancy;
    private final String table;
    private final AwsRegionProvider region;

    DataNamespaces(TenancySettings tenancy, TableSettings table, AwsRegionProvider region) {
        this.tenancy = tenancy;
        this.table = table.getName();
        this.region = region;
    }

    public DataNamespace describe(TenantId tenant, Incarnation incarnation, Access access) {
        String regionName = region.getRegion().id();
        TableDesign design = TableDesign.ENCLAVE;
        return new DataNamespace(table, regionName, endpoint(regionName),
                design.dataNamespace(tenant, incarnation).value(), design.partitionKey(), design.sortKey(),
                design.indexKeyAttributes(), access);
    }

    /** Where a backend may work and how; {@code forbiddenAttributes} are the index keys it may never write. */
    public record DataNamespace(String tableName, String region, String endpoint, String keyPrefix,
                                String partitionKey, String sortKey, List<String> forbiddenAttributes, Access access) {

        public DataNamespace {
            forbiddenAttributes = List.copyOf(forbiddenAttributes);
        }
    }

    private String endpoint(String regionName) {
        return tenancy.getDynamodbEndpoint() != null ? tenancy.getDynamodbEndpoint().toString()
                : "https://dynamodb." + regionName + ".amazonaws.com";
    }
}
