package dev.enclave.app.organisation;

import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Where an organisation lives: {@code PK = TENANT#<id>#, SK = ORG}. */
public final class OrganisationKeys {

    /** The organisation item's sort key. */
    public static final String SORT_KEY = "ORG";

    private OrganisationKeys() {
    }

    public static String partitionKey(TenantId id) {
        return LeadingKeyPrefix.tenant(id).value();
    }

    public static Map<String, AttributeValue> key(TenantId id) {
        return Map.of("PK", AttributeValue.fromS(partitionKey(id)), "SK", AttributeValue.fromS(SORT_KEY));
    }
}
