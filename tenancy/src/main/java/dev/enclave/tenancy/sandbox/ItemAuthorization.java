package dev.enclave.tenancy.sandbox;

import java.util.List;

/**
 * One authorisation a DynamoDB request needs: an IAM action on a table or index ARN with the partition-key
 * values it names ({@code dynamodb:LeadingKeys}; empty for requests that name none).
 */
record ItemAuthorization(String action, String resource, List<String> leadingKeys) {

    ItemAuthorization {
        leadingKeys = List.copyOf(leadingKeys);
    }
}
