package dev.enclave.app.infra.store.member;

import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a membership lives: {@code PK = TENANT#<org>#, SK = MEMBER#<user digest>}; on the cross-tenant user index
 * ({@code byUser}) {@code GSI2PK = USER#<user digest>#, GSI2SK = ORG#<org>} for "my organisations". Its email
 * record sits at {@code SK = MEMBER_EMAIL#<email digest>}.
 */
final class MembershipKeys {

    /** Sort-key prefix of every membership. */
    static final String SORT_KEY_PREFIX = "MEMBER#";
    /** Sort-key prefix of memberships on the user index. */
    static final String USER_INDEX_SORT_PREFIX = "ORG#";
    /** Sort-key prefix of the item saying "this email is already a member" (invitations check it). */
    static final String EMAIL_GUARD_PREFIX = "MEMBER_EMAIL#";

    private static final Pattern MEMBER = Pattern.compile(Pattern.quote(SORT_KEY_PREFIX) + "[a-z2-7]{26}");

    private MembershipKeys() {
    }

    static ItemKey key(TenantId tenant, UserKey user) {
        return ItemKey.inTenant(tenant, SORT_KEY_PREFIX + user.digest());
    }

    static ItemKey emailGuardKey(TenantId tenant, EmailKey email) {
        return ItemKey.inTenant(tenant, EMAIL_GUARD_PREFIX + email.digest());
    }

    /** The email an email record's sort key names. */
    static EmailKey emailOfGuard(String sortKey) {
        return new EmailKey(sortKey.substring(EMAIL_GUARD_PREFIX.length()));
    }

    /** The user a membership's sort key names. */
    static UserKey user(String sortKey) {
        return new UserKey(sortKey.substring(SORT_KEY_PREFIX.length()));
    }

    /**
     * The user a membership's sort key names, when it names one as Enclave writes them (a Query of memberships can
     * stop at an item no reader takes as one).
     */
    static Optional<UserKey> member(String sortKey) {
        return Optional.of(sortKey).filter(sort -> MEMBER.matcher(sort).matches()).map(MembershipKeys::user);
    }

    /** The user's memberships across organisations, on {@code byUser}. */
    static Expr ofUser(UserKey user, Optional<TenantId> in) {
        return in.map(tenant -> KeyConditions.indexAt(TableDesign.BY_USER, userIndexPartition(user),
                        userIndexSort(tenant)))
                .orElseGet(() -> KeyConditions.index(TableDesign.BY_USER, userIndexPartition(user),
                        USER_INDEX_SORT_PREFIX));
    }

    static String userIndexPartition(UserKey user) {
        return user.prefix().value();
    }

    static String userIndexSort(TenantId tenant) {
        return USER_INDEX_SORT_PREFIX + tenant.value();
    }
}
