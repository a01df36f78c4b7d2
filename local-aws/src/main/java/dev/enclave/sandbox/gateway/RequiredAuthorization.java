package dev.enclave.sandbox.gateway;

import java.util.List;
import java.util.Objects;

/**
 * One authorisation a DynamoDB request needs: an IAM action on a table or index ARN ({@code *} for account-wide
 * operations), with the partition-key values it names — {@code dynamodb:LeadingKeys}, empty when the request names
 * none (Scan, table operations, PartiQL) — and the top-level attribute names it accesses —
 * {@code dynamodb:Attributes} ({@link AccessedAttributes}), empty when it names none.
 */
record RequiredAuthorization(String action, String resource, List<String> leadingKeys, List<String> attributes) {

    RequiredAuthorization {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(resource, "resource");
        leadingKeys = List.copyOf(leadingKeys);
        attributes = List.copyOf(attributes);
    }

    /** An authorisation that names no attributes. */
    RequiredAuthorization(String action, String resource, List<String> leadingKeys) {
        this(action, resource, leadingKeys, List.of());
    }
}
