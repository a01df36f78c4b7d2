package dev.enclave.app.credentials;

import dev.enclave.app.platform.TableSettings;
import dev.enclave.app.vending.TenancySettings;
import dev.enclave.iam.policy.Access;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Locale;
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

    public DataNamespaceView describe(TenantId tenant, Incarnation incarnation, Access access) {
        String regionName = region.getRegion().id();
        TableDesign design = TableDesign.ENCLAVE;
        return new DataNamespaceView(table, regionName, endpoint(regionName),
                design.dataNamespace(tenant, incarnation).value(), design.partitionKey(), design.sortKey(),
                design.indexKeyAttributes(), wire(access));
    }

    /** {@code read} or {@code readwrite}, as requests name it. */
    public static String wire(Access access) {
        return access == Access.READ ? "read" : "readwrite";
    }

    /** The access a request names ({@code read} when absent). */
    public static Access access(String wire) {
        return wire == null || wire.toLowerCase(Locale.ROOT).equals("read") ? Access.READ : Access.READ_WRITE;
    }

    private String endpoint(String regionName) {
        return tenancy.getDynamodbEndpoint() != null ? tenancy.getDynamodbEndpoint().toString()
                : "https://dynamodb." + regionName + ".amazonaws.com";
    }
}
