package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.access.ActingAuthorities;
import dev.enclave.app.domain.access.ActingAuthority;
import dev.enclave.app.infra.store.ChangeChecks;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A change made in a request granted to a member is written only while the member still holds what the request was
 * granted on ({@link MembershipRules#stillActing}, and the definitions as read when a custom group gave it), so a
 * member removed or demoted while their request was in flight changes nothing. A change that writes the actor's
 * membership or the definitions itself (a member leaving, a group change) puts its own conditions on them.
 */
@Singleton
final class ActingMemberChecks implements ChangeChecks {

    private final ActingAuthorities acting;

    ActingMemberChecks(ActingAuthorities acting) {
        this.acting = acting;
    }

    @Override
    public List<Transaction.NamedWrite> of(TenantId tenant, Transaction transaction) {
        Optional<ActingAuthority> actor = acting.current().filter(judged -> judged.member().tenant().equals(tenant));
        if (actor.isEmpty()) {
            return List.of();
        }
        List<Transaction.NamedWrite> checks = new ArrayList<>();
        Write membership = MembershipRules.stillActing(actor.get().member(), actor.get().authority());
        if (!writes(transaction, membership.key())) {
            checks.add(new Transaction.NamedWrite(Role.ACTOR, membership));
        }
        MembershipRules.definitionsAsJudged(tenant, actor.get().authority())
                .filter(definitions -> !writes(transaction, definitions.key()))
                .ifPresent(definitions -> checks.add(new Transaction.NamedWrite(Role.ACTOR_DEFINITIONS, definitions)));
        return checks;
    }

    private static boolean writes(Transaction transaction, ItemKey key) {
        return transaction.writes().stream().anyMatch(named -> named.write().key().equals(key));
    }
}
