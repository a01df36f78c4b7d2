package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.member.MembershipRules;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A service transaction's writes on members' memberships, with the check that its actor still holds what it was
 * judged on ({@link MembershipRules#stillHolding}): on the actor's own membership's write when the transaction has
 * one (DynamoDB writes an item once in a transaction), else as a check of its own; and the group definitions at the
 * version read when the actor holds a custom group.
 */
final class ActorChecks {

    private ActorChecks() {
    }

    /**
     * Adds {@code memberWrites} as {@code member}, and {@code actor}'s checks when a judgement was made (on
     * {@code service} as read, which a judgement always has).
     */
    static void add(Transaction.Builder writes, Optional<HoldingInServices> actor, Optional<Service> service,
                    Map<UserKey, Write.Update> memberWrites, WriteRole member, WriteRole acting,
                    WriteRole actingDefinitions) {
        Optional<Expr> held = actor.map(judged -> MembershipRules.stillHolding(judged, List.of(service.orElseThrow())));
        memberWrites.forEach((user, write) -> writes.add(member, held.filter(condition -> isActor(actor, user))
                .map(condition -> withCondition(write, condition)).orElse(write)));
        actor.ifPresent(judged -> {
            if (!memberWrites.containsKey(judged.user())) {
                writes.check(acting, MembershipReads.item(judged.tenant(), judged.user()).key(), held.orElseThrow());
            }
            MembershipRules.definitionsAsJudged(judged).ifPresent(check -> writes.add(actingDefinitions, check));
        });
    }

    /** Whether {@code user} is the actor, whose check then rides on their own membership's write. */
    static boolean isActor(Optional<HoldingInServices> actor, UserKey user) {
        return actor.filter(judged -> judged.user().equals(user)).isPresent();
    }

    private static Write.Update withCondition(Write.Update write, Expr condition) {
        return new Write.Update(write.key(), write.update(), Optional.of(write.condition()
                .map(existing -> existing.and(condition)).orElse(condition)));
    }
}
