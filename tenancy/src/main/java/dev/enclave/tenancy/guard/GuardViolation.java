package dev.enclave.tenancy.guard;

/**
 * Why the guard stopped a request.
 *
 * @param operation the DynamoDB operation, e.g. {@code PutItem}
 * @param reason    a stable reason code: {@code operation-not-allowed}, {@code read-only-scope},
 *                  {@code partition-key-outside-scope}, {@code foreign-tenant-key-written}, {@code missing-scope},
 *                  {@code partition-key-not-found}
 * @param detail    what exactly, for logs (never shown to clients)
 */
public record GuardViolation(String operation, String reason, String detail) {
}
