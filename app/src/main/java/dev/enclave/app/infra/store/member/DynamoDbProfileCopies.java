package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.profile.ProfileCopies;
import dev.enclave.app.domain.profile.ProfileCopy;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Store;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The user's profile as every membership copies it: the user's memberships as the user index lists them (on the
 * user's own read-only scope), then one conditional update per membership whose copy is older, on its
 * organisation's scope. A copy never replaces a newer one, and a membership gone meanwhile is skipped; a copy
 * bumps the membership's version, since the member's answer (and its ETag) shows it.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbProfileCopies implements ProfileCopies {

    private static final Logger LOG = LoggerFactory.getLogger(DynamoDbProfileCopies.class);

    private static final int PAGE = 100;

    private final Members members;
    private final Store store;

    DynamoDbProfileCopies(Members members, Store store) {
        this.members = members;
        this.store = store;
    }

    @Override
    public boolean copy(UserKey user, ProfileCopy copy, int most) {
        boolean everyOne = true;
        Optional<String> after = Optional.empty();
        int left = most;
        do {
            int asked = Math.min(left, PAGE);
            Members.UserMembershipPage page = members.ofUser(user, Optional.empty(), asked, after);
            for (Members.UserMembership listed : page.memberships()) {
                everyOne &= copied(user, listed.membership(), copy);
            }
            left -= asked;
            after = page.last();
        } while (after.isPresent() && left > 0);
        return everyOne;
    }

    /** Whether {@code membership} holds {@code copy} or a newer one now. */
    private boolean copied(UserKey user, Membership membership, ProfileCopy copy) {
        if (membership.profile().version() >= copy.version()) {
            return true;
        }
        try {
            copyInto(membership.tenant(), user, copy);
            return true;
        } catch (RuntimeException fault) {
            LOG.warn("profile copy owed still tenant={} version={}: {}", membership.tenant().value(),
                    copy.version(), fault.toString());
            return false;
        }
    }

    @Override
    public void copyInto(TenantId tenant, UserKey user, ProfileCopy copy) {
        store.forTenant(tenant).update(MembershipKeys.key(tenant, user), profileCopy(copy), olderProfileCopy(copy));
    }

    private static Expr profileCopy(ProfileCopy copy) {
        Expr.UpdateBuilder update = Expr.update().set("#profileVersion = :profileVersion, #version = #version + :one")
                .name("#profileVersion", MembershipItems.PROFILE_VERSION).name("#version", MembershipItems.VERSION)
                .number(":profileVersion", copy.version()).number(":one", 1);
        for (ProfileField field : ProfileField.values()) {
            String name = "#" + field.wire();
            update.name(name, MembershipItems.profileAttribute(field));
            copy.profile().get(field).ifPresentOrElse(value -> update.set(name + " = :" + field.wire())
                    .value(":" + field.wire(), value), () -> update.remove(name));
        }
        return update.build();
    }

    /** Only a copy older than {@code copy} is replaced; a membership gone meanwhile is skipped. */
    private static Expr olderProfileCopy(ProfileCopy copy) {
        return Expr.exists().and(Expr.of("(attribute_not_exists(#copied) OR #copied < :copied)")
                .name("#copied", MembershipItems.PROFILE_VERSION).number(":copied", copy.version()));
    }
}
