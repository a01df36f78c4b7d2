package dev.enclave.app.domain.member;

import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Optional;

/**
 * The memberships: of one organisation (tenant-scoped) or of one user across organisations (user-scoped). Changes
 * to them are {@link MembershipChanges}.
 */
public interface Members {

    Optional<Membership> find(TenantId tenant, UserKey user);

    /** One page of an organisation's members in its life {@code in}, after the member {@code after} (exclusive). */
    MemberPage list(TenantId tenant, Incarnation in, int limit, Optional<UserKey> after);

    /**
     * One page of the caller's own memberships across tenants (only in {@code in}, when their token is bound to one),
     * at most {@code limit}, after the position {@code after} a previous page ended at: the user index, in its order
     * (by organisation id), scoped to the caller's key.
     */
    UserMembershipPage ofUser(UserKey user, Optional<TenantId> in, int limit, Optional<String> after);

    /** A membership as the user's own list shows it, with its copy of the organisation's name. */
    record UserMembership(Membership membership, OrganisationName organisation) {
    }

    /** A page of a user's memberships, with the position to continue after when there may be more. */
    record UserMembershipPage(List<UserMembership> memberships, Optional<String> last) {

        public UserMembershipPage {
            memberships = List.copyOf(memberships);
        }
    }

    /** A page, with the member to continue after when there may be more. */
    record MemberPage(List<Membership> members, Optional<UserKey> last) {

        public MemberPage {
            members = List.copyOf(members);
        }
    }
}
