package dev.enclave.tenancy.guard;

import dev.enclave.table.TableDesign;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;

/**
 * The guard's decision, a pure function of a request and its scope: the operation must be an allowed item-level
 * one (reads only, for a read-only scope), every partition key it names must start with one of the scope's
 * prefixes, and no key attribute it writes may carry another tenant's {@code TENANT#} prefix.
 */
public final class KeyGuard {

    private static final Set<Class<?>> READS = Set.of(GetItemRequest.class, BatchGetItemRequest.class,
            QueryRequest.class, TransactGetItemsRequest.class);

    private final KeyExtractor extractor;

    public KeyGuard(TableDesign design) {
        this.extractor = new KeyExtractor(design);
    }

    /** Empty when the request may leave; otherwise why not. */
    public Optional<GuardViolation> check(SdkRequest request, GuardScope scope) {
        String operation = operationName(request);
        Optional<TouchedKeys> touched = extractor.extract(request);
        if (touched.isEmpty()) {
            return violation(operation, "operation-not-allowed", "only item-level operations are allowed");
        }
        if (scope.readOnly() && !READS.contains(request.getClass())) {
            return violation(operation, "read-only-scope", "a read-only scope cannot write");
        }
        for (String partitionKey : touched.get().partitionKeys()) {
            if (partitionKey.isEmpty()) {
                return violation(operation, "partition-key-not-found", "no partition-key value could be read");
            }
            if (!scope.covers(partitionKey)) {
                return violation(operation, "partition-key-outside-scope", partitionKey + " not in " + scope.prefixes());
            }
        }
        for (String value : touched.get().writtenKeyValues()) {
            if (scope.isForeignTenantKey(value)) {
                return violation(operation, "foreign-tenant-key-written", value + " not in " + scope.prefixes());
            }
        }
        return Optional.empty();
    }

    static String operationName(SdkRequest request) {
        String name = request.getClass().getSimpleName();
        return name.endsWith("Request") ? name.substring(0, name.length() - "Request".length()) : name;
    }

    private static Optional<GuardViolation> violation(String operation, String reason, String detail) {
        return Optional.of(new GuardViolation(operation, reason, detail));
    }
}
