package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.StoredKind;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Objects;

/**
 * How memberships are read from outside their store: a membership by the reads that take it with another
 * aggregate's items, and every item the store keeps by the consistency checker.
 */
public final class MembershipReads {

    /** A membership, with its copy of the organisation's name. */
    public static final StoredKind<Members.UserMembership> MEMBERSHIP = StoredKind.prefixed(
            MembershipKeys.SORT_KEY_PREFIX, MembershipItems::userMembership,
            (tenant, stored) -> MembershipItems.toItem(stored.membership(), stored.organisation()));
    /** The record that an email belongs to a member. */
    public static final StoredKind<EmailRecord> EMAIL_RECORD = StoredKind.prefixed(MembershipKeys.EMAIL_GUARD_PREFIX,
            EmailRecords::read, EmailRecords::written);

    /** An organisation's custom group definitions. */
    public static final StoredKind<GroupDefinitions> GROUP_DEFINITIONS = StoredKind.at(GroupDefinitionItems.SORT_KEY,
            GroupDefinitionItems::fromItem, GroupDefinitionItems::toItem);

    private MembershipReads() {
    }

    /** {@code tenant}'s custom group definitions (absent when it never defined one). */
    public static ItemRead<GroupDefinitions> definitions(TenantId tenant) {
        return new ItemRead<>(ItemKind.GROUP_DEFINITIONS, GroupDefinitionItems.key(tenant),
                GroupDefinitionItems::fromItem);
    }

    /** {@code user}'s membership of {@code tenant}. */
    public static ItemRead<Membership> item(TenantId tenant, UserKey user) {
        return new ItemRead<>(ItemKind.MEMBERSHIP, MembershipKeys.key(tenant, user), MembershipItems::fromItem);
    }

    /** The key condition of a Query for one organisation's memberships, in key order. */
    public static Expr organisationMembers(TenantId tenant) {
        return KeyConditions.partition(ItemKey.tenantPartition(tenant), MembershipKeys.SORT_KEY_PREFIX);
    }

    /**
     * What an email record says: the email it is kept for (its key holds the email's digest alone) and the member
     * whose email it is.
     */
    public record EmailRecord(EmailKey email, UserKey member) {

        public EmailRecord {
            Objects.requireNonNull(email, "email");
            Objects.requireNonNull(member, "member");
        }
    }
}
