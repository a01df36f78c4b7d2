package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.access.ActingAuthorities;
import dev.enclave.app.domain.access.ActingAuthority;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.ActorChangedException;
import dev.enclave.app.infra.store.ChangeChecks;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A change made in a request granted to a member is written only while the member still holds what the request was
 * granted on: their membership the one read (joined at the same instant) and still in one of the groups the
 * permission came from (and in every group it keeps: those that let it give what it gives), and the definitions as
 * read when a custom group gave it or is kept. So a member removed or demoted
 * while their request was in flight changes nothing. A change that writes the actor's membership carries the check
 * on that write (its placeholders are its own, {@code rq…}), unless the workflow checks its actor there itself;
 * one that writes the definitions sets its own conditions on them. A permission every member holds is checked as
 * membership alone. The organisation must be active still, as the decision found it: a suspension while the
 * change was in flight refuses it too (on the change's own write to the organisation's item when it has one).
 */
@Singleton
final class ActingMemberChecks implements ChangeChecks {

    private final ActingAuthorities acting;

    ActingMemberChecks(ActingAuthorities acting) {
        this.acting = acting;
    }

    @Override
    public Transaction checked(TenantId tenant, Transaction transaction) {
        Optional<ActingAuthority> actor = acting.current().filter(judged -> judged.member().tenant().equals(tenant));
        if (actor.isEmpty()) {
            return transaction;
        }
        Membership member = actor.get().member();
        Authority authority = asChecked(actor.get().authority());
        ItemKey membership = MembershipRules.key(tenant, member.user());
        Expr stillActing = MembershipRules.stillActingInRequest(member, authority);
        List<Transaction.NamedWrite> writes = new ArrayList<>();
        boolean onItsOwn = true;
        for (Transaction.NamedWrite named : transaction.writes()) {
            boolean onTheActor = named.write().key().equals(membership);
            onItsOwn &= !onTheActor;
            writes.add(onTheActor && !checksTheActor(named.write(), member) ? new Transaction.NamedWrite(named.role(),
                    named.write().alsoRequiring(stillActing)) : named);
        }
        if (onItsOwn) {
            writes.add(new Transaction.NamedWrite(Role.ACTOR, new Write.Check(membership, stillActing)));
        }
        MembershipRules.definitionsAsJudged(tenant, authority)
                .filter(definitions -> writes.stream().noneMatch(named -> named.write().key()
                        .equals(definitions.key())))
                .ifPresent(definitions -> writes.add(new Transaction.NamedWrite(Role.ACTOR_DEFINITIONS, definitions)));
        return transaction.withWrites(OrganisationConditions.whileActive(tenant, writes, Role.ORGANISATION_ACTIVE));
    }

    /**
     * Whether {@code write} on the actor's membership is conditioned on that membership's life already: a workflow
     * that checks its actor ({@link MembershipRules#stillActing}, {@link MembershipRules#stillHolding}, or a member
     * leaving) names the instant it joined, and judged what they hold itself.
     */
    private static boolean checksTheActor(Write write, Membership member) {
        Optional<Expr> condition = write instanceof Write.Check check ? Optional.of(check.condition())
                : write instanceof Write.Update update ? update.condition()
                : write instanceof Write.Delete delete ? delete.condition() : Optional.empty();
        AttributeValue joinedAt = AttributeValue.fromS(member.joinedAt().toString());
        return condition.filter(expr -> expr.names().containsValue(MembershipItems.JOINED_AT)
                && expr.values().containsValue(joinedAt)).isPresent();
    }

    /** {@code authority}, or membership alone when every member holds what it gives. */
    private static Authority asChecked(Authority authority) {
        return authority.groups().contains(GroupName.MEMBER) ? new Authority(Set.of(GroupName.MEMBER),
                authority.definitionsVersion(), authority.kept(), authority.definitionsPinned()) : authority;
    }

    @Override
    public Optional<ActorChangedException.Cause> inactive(TenantId tenant, Transaction checked,
                                                          TransactionOutcome outcome) {
        return acting.current().filter(judged -> judged.member().tenant().equals(tenant)).isPresent()
                ? OrganisationConditions.inactiveOnItsItem(tenant, checked, outcome) : Optional.empty();
    }
}
