package dev.enclave.app.edge.web.member;

import dev.enclave.app.infra.store.PageCursors;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.regex.Pattern;

/** Cursors of an organisation's member list: the member (key digest) to continue after. */
@Singleton
public record MemberCursors(PageCursors cursors) {

    private static final String LIST = "members";
    private static final Pattern DIGEST = Pattern.compile("[a-z2-7]{26}");

    public String encode(TenantId tenant, Incarnation incarnation, UserKey after) {
        return encode(tenant, incarnation, LIST, after);
    }

    /** The member to continue after, or empty when the cursor is not a valid cursor of {@code tenant}. */
    public Optional<UserKey> decode(TenantId tenant, Incarnation incarnation, String cursor) {
        return decode(tenant, incarnation, LIST, cursor);
    }

    /** A cursor of another list of members, named {@code list}, which a cursor of no other list opens. */
    public String encode(TenantId tenant, Incarnation incarnation, String list, UserKey after) {
        return cursors.encode(tenant, incarnation, list, after.digest());
    }

    /** The member to continue after in {@code list}, or empty when the cursor is not one of its cursors. */
    public Optional<UserKey> decode(TenantId tenant, Incarnation incarnation, String list, String cursor) {
        return cursors.decode(tenant, incarnation, list, cursor).filter(digest -> DIGEST.matcher(digest).matches())
                .map(UserKey::new);
    }
}
