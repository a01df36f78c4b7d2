package dev.enclave.app.member;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.platform.PageCursors;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import org.junit.jupiter.api.Test;

class MemberCursorsTest {

    private final MemberCursors cursors = new MemberCursors(new PageCursors("test-key"));
    private final UserKey user = UserKey.of("iss", "sub");

    @Test
    void decode_ofItsOwnCursor_returnsTheMember() {
        assertThat(cursors.decode(TenantId.of("acme"), cursors.encode(TenantId.of("acme"), user))).contains(user);
    }

    @Test
    void decode_ofAnotherTenantsCursor_isEmpty() {
        assertThat(cursors.decode(TenantId.of("beta"), cursors.encode(TenantId.of("acme"), user))).isEmpty();
    }

    @Test
    void decode_ofEditedOrGarbageCursors_isEmpty() {
        String cursor = cursors.encode(TenantId.of("acme"), user);
        String edited = UserKey.of("iss", "other").digest();

        assertThat(cursors.decode(TenantId.of("acme"), "x" + cursor)).isEmpty();
        assertThat(cursors.decode(TenantId.of("acme"), java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(edited.getBytes()) + cursor.substring(cursor.indexOf('.')))).isEmpty();
        assertThat(cursors.decode(TenantId.of("acme"), "%%%.***")).isEmpty();
        assertThat(cursors.decode(TenantId.of("acme"), "")).isEmpty();
    }

    @Test
    void decode_withAnotherServersKey_isEmpty() {
        String cursor = cursors.encode(TenantId.of("acme"), user);

        assertThat(new MemberCursors(new PageCursors("other-key")).decode(TenantId.of("acme"), cursor)).isEmpty();
    }
}
