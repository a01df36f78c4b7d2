package dev.enclave.app.infra.store.jobs;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import java.util.List;
import java.util.Optional;

/** What a deletion's job removes of an organisation, page by page, and the organisation item last. */
public interface DeletionSweep {

    /**
     * One page of the items a deletion removes, after the sort key {@code after}, in key order: never the
     * organisation item or the deletion's own job (they go last, together).
     */
    KeyPage deletionPage(TenantId id, Optional<String> after, int limit);

    /** Deletes {@code keys} in one transaction with {@code fence}; false when the fence refused. */
    boolean delete(TenantId id, List<ItemKey> keys, Write fence);

    /**
     * Removes the organisation item and the deletion's job in one transaction, while the item is still marked
     * deleting in the job's incarnation and {@code worker} holds the job: the id is free from then on.
     */
    boolean finishDeletion(Job job, String worker);

    /** A page of keys, and the last sort key read when there may be more. */
    record KeyPage(List<ItemKey> keys, Optional<String> last) {

        public KeyPage {
            keys = List.copyOf(keys);
        }
    }
}
