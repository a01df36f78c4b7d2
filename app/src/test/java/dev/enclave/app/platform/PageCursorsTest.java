package dev.enclave.app.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.identity.TenantId;
import org.junit.jupiter.api.Test;

class PageCursorsTest {

    private static final TenantId ACME = TenantId.of("acme");

    private final PageCursors cursors = new PageCursors("test-key");

    @Test
    void decode_ofItsOwnCursor_returnsThePosition() {
        assertThat(cursors.decode(ACME, "invitations:pending", cursors.encode(ACME, "invitations:pending", "p#1")))
                .contains("p#1");
    }

    @Test
    void decode_ofAnotherListsCursor_isEmpty() {
        String cursor = cursors.encode(ACME, "invitations:pending", "p#1");

        assertThat(cursors.decode(ACME, "invitations:revoked", cursor)).isEmpty();
        assertThat(cursors.decode(ACME, "members", cursor)).isEmpty();
    }

    @Test
    void decode_ofAnotherTenantsOrAnotherKeysCursor_isEmpty() {
        String cursor = cursors.encode(ACME, "members", "p");

        assertThat(cursors.decode(TenantId.of("beta"), "members", cursor)).isEmpty();
        assertThat(new PageCursors("other-key").decode(ACME, "members", cursor)).isEmpty();
    }

    @Test
    void decode_ofMalformedCursors_isEmpty() {
        assertThat(cursors.decode(ACME, "members", "")).isEmpty();
        assertThat(cursors.decode(ACME, "members", "a.b.c")).isEmpty();
        assertThat(cursors.decode(ACME, "members", "%%%.***")).isEmpty();
    }
}
