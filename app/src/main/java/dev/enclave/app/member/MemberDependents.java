package dev.enclave.app.member;

import dev.enclave.app.store.ItemKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;

/**
 * Items that exist only for a member and go in the same transaction as their membership: the member's place in
 * each service group. Their owner implements it, so membership need not know what refers to a member.
 */
public interface MemberDependents {

    /** The keys of the items that go with {@code user}'s membership of {@code tenant}. */
    List<ItemKey> of(TenantId tenant, UserKey user);
}
