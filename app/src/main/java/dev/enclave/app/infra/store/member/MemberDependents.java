package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.service.Services;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items that exist only for a member and go in the same transaction as their membership: the member's place in
 * each service group. Their owner implements it, so membership need not know what refers to a member.
 *
 * <p>The membership records each dependent it has (an opaque name the owner chooses) in the same transaction that
 * writes the dependent. So a removal, which reads the membership strongly consistently and deletes it only while it
 * records exactly the dependents it read, finds every dependent without an index, and a dependent added meanwhile
 * refuses the removal (which reads again) instead of outliving the member.
 */
public interface MemberDependents {

    /**
     * The keys of the items that go with {@code user}'s membership of {@code tenant}: those {@code recorded} on the
     * membership that exist, and any the owner finds otherwise (items written before the membership recorded them).
     */
    List<ItemKey> of(TenantId tenant, UserKey user, Set<String> recorded);

    /**
     * The most dependents a membership records (its service groups): few enough that its removal deletes them all in
     * its one transaction, beside its own writes and the checks of its actor.
     */
    int MOST = Services.MOST_GROUPS_OF_A_MEMBER;

    /**
     * The write, for the transaction that adds a dependent, that records it on the membership: the membership must
     * exist, belong to {@code incarnation}, and record fewer than {@link #MOST} others (or this one already); its
     * version moves on.
     */
    static Write.Update recorded(TenantId tenant, UserKey user, String dependent, Incarnation incarnation) {
        Expr update = versionMoved().add("#dependents :dependent").name("#dependents", MembershipItems.DEPENDENTS)
                .strings(":dependent", List.of(dependent)).build();
        Expr room = Expr.of("(attribute_not_exists(#dependents) OR size(#dependents) < :mostDependents OR "
                + "contains(#dependents, :recordedDependent))").name("#dependents", MembershipItems.DEPENDENTS)
                .number(":mostDependents", MOST).value(":recordedDependent", dependent);
        return new Write.Update(MembershipKeys.key(tenant, user), update,
                Optional.of(Expr.exists().and(Incarnations.writtenBy(incarnation)).and(room)));
    }

    /**
     * Whether {@code membership}, as a refused write returned it, records as many dependents as it may, and not
     * {@code dependent}: no room for it.
     */
    static boolean full(Optional<Map<String, AttributeValue>> membership, String dependent) {
        return membership.map(item -> item.get(MembershipItems.DEPENDENTS)).filter(AttributeValue::hasSs)
                .filter(dependents -> dependents.ss().size() >= MOST && !dependents.ss().contains(dependent))
                .isPresent();
    }

    /** The write, for the transaction that removes a dependent, that forgets it; the membership must exist. */
    static Write.Update forgotten(TenantId tenant, UserKey user, String dependent) {
        return forgotten(tenant, user, Set.of(dependent));
    }

    /** The write, for a transaction that removes several of a member's dependents, that forgets them all. */
    static Write.Update forgotten(TenantId tenant, UserKey user, Set<String> dependents) {
        Expr update = versionMoved().delete("#dependents :dependent").name("#dependents", MembershipItems.DEPENDENTS)
                .strings(":dependent", dependents.stream().sorted().toList()).build();
        return new Write.Update(MembershipKeys.key(tenant, user), update, Optional.of(Expr.exists()));
    }

    /**
     * The write, for an upgrade that finds what a membership (read at {@code version}) should record, that makes it
     * record exactly {@code dependents}; refused when the membership changed (or went) since it was read.
     */
    static Write.Update reconciled(TenantId tenant, UserKey user, Set<String> dependents, long version) {
        Expr.UpdateBuilder update = versionMoved().name("#dependents", MembershipItems.DEPENDENTS);
        Expr exactly = (dependents.isEmpty() ? update.remove("#dependents")
                : update.set("#dependents = :dependents").strings(":dependents", dependents.stream().sorted()
                .toList())).build();
        return new Write.Update(MembershipKeys.key(tenant, user), exactly, Optional.of(Expr.of("#version = :read")
                .name("#version", MembershipItems.VERSION).number(":read", version)));
    }

    private static Expr.UpdateBuilder versionMoved() {
        return Expr.update().set("#version = #version + :one").name("#version", MembershipItems.VERSION)
                .number(":one", 1);
    }
}
