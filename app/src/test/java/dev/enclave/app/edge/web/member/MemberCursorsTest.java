package dev.enclave.app.edge.web.member;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.infra.store.PageCursors;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import org.junit.jupiter.api.Test;

class MemberCursorsTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Incarnation FIRST = new Incarnation("k3j9");

    private final MemberCursors cursors = new MemberCursors(new PageCursors("test-key"));
    private final UserKey user = UserKey.of("iss", "sub");

    @Test
    void decode_ofItsOwnCursor_returnsTheMember() {
        assertThat(cursors.decode(ACME, FIRST, cursors.encode(ACME, FIRST, user))).contains(user);
    }

    @Test
    void decode_ofAnotherTenantsCursor_isEmpty() {
        assertThat(cursors.decode(TenantId.of("beta"), FIRST, cursors.encode(ACME, FIRST, user))).isEmpty();
    }

    @Test
    void decode_ofACursorOfTheOrganisationDeletedBefore_isEmpty() {
        assertThat(cursors.decode(ACME, new Incarnation("k3ja"), cursors.encode(ACME, FIRST, user))).isEmpty();
    }

    @Test
    void decode_ofEditedOrGarbageCursors_isEmpty() {
        String cursor = cursors.encode(ACME, FIRST, user);
        String edited = UserKey.of("iss", "other").digest();

        assertThat(cursors.decode(ACME, FIRST, "x" + cursor)).isEmpty();
        assertThat(cursors.decode(ACME, FIRST, java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(edited.getBytes()) + cursor.substring(cursor.indexOf('.')))).isEmpty();
        assertThat(cursors.decode(ACME, FIRST, "%%%.***")).isEmpty();
        assertThat(cursors.decode(ACME, FIRST, "")).isEmpty();
    }

    @Test
    void decode_withAnotherServersKey_isEmpty() {
        String cursor = cursors.encode(ACME, FIRST, user);

        assertThat(new MemberCursors(new PageCursors("other-key")).decode(ACME, FIRST, cursor)).isEmpty();
    }
}
