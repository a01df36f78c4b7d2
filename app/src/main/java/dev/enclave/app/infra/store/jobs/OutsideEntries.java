package dev.enclave.app.infra.store.jobs;

import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.util.List;

/**
 * Entries kept outside an organisation's partition for items in it (an API key's lookup entry), which must go when
 * those items go. Their owner implements it; a deletion's job calls it for each page before deleting the page, so a
 * page redone after a crash forgets them again, harmlessly, and none outlives its item.
 */
public interface OutsideEntries {

    /**
     * Removes the entries kept outside the partition for whichever of {@code keys} have one, if they belong to the
     * organisation's life {@code incarnation}: a job of a deleted life, stalled past its lease while the organisation
     * was created again, removes nothing of the next one's.
     */
    void forget(TenantId tenant, Incarnation incarnation, List<ItemKey> keys);
}
