package dev.enclave.tenancy.sandbox;

import java.util.List;
import java.util.Objects;

/**
 * One authorisation a DynamoDB request needs: an IAM action on a table or index ARN ({@code *} for account-wide
 * operations), with the partition-key values it names — {@code dynamodb:LeadingKeys}, empty when the request names
 * none (Scan, table operations, PartiQL).
 */
record RequiredAuthorization(String action, String resource, List<String> leadingKeys) {

    RequiredAuthorization {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(resource, "resource");
        leadingKeys = List.copyOf(leadingKeys);
    }
}
