package dev.enclave.app.apikey;

import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where API keys live: in the organisation's control partition, {@code PK = TENANT#<org>#, SK = APIKEY#<key id>};
 * no index. The organisation item counts them ({@value #COUNT}).
 */
public final class ApiKeyKeys {

    public static final String SORT_KEY_PREFIX = "APIKEY#";
    /** The organisation item's count of its API keys. */
    public static final String COUNT = "apiKeys";

    private ApiKeyKeys() {
    }

    static Map<String, AttributeValue> key(TenantId tenant, ApiKeyId id) {
        return Map.of(TableDesign.ENCLAVE.partitionKey(), AttributeValue.fromS(partition(tenant)),
                TableDesign.ENCLAVE.sortKey(), AttributeValue.fromS(SORT_KEY_PREFIX + id.value()));
    }

    static String partition(TenantId tenant) {
        return LeadingKeyPrefix.tenant(tenant).value();
    }
}
