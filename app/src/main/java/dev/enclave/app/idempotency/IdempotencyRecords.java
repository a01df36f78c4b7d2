package dev.enclave.app.idempotency;

import dev.enclave.identity.TenantId;
import java.util.Optional;

/** Per caller and key, within one tenant: the request a key was first used for, and its response once known. */
interface IdempotencyRecords {

    /** Claims the key for this request; empty when claimed now, else the record that holds it. */
    Optional<StoredRecord> claim(TenantId tenant, String caller, String key, String requestHash);

    /** Stores the response a claimed key answered with (kept 24 hours). */
    void complete(TenantId tenant, String caller, String key, StoredRecord.Response response);

    /** Gives up a claim (the request failed in a way a retry may fix). */
    void release(TenantId tenant, String caller, String key);

    /** A stored claim, with the response once the first request finished. */
    record StoredRecord(String requestHash, Optional<Response> response) {

        /** A response as first answered. */
        record Response(int status, String contentType, String body, String location) {
        }
    }
}
