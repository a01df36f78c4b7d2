package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import org.junit.jupiter.api.Test;

class PageCursorsTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Incarnation FIRST = new Incarnation("k3j9");

    private final PageCursors cursors = new PageCursors("test-key");

    @Test
    void decode_ofItsOwnCursor_returnsThePosition() {
        String cursor = cursors.encode(ACME, FIRST, "invitations:pending", "p#1");

        assertThat(cursors.decode(ACME, FIRST, "invitations:pending", cursor)).contains("p#1");
    }

    @Test
    void decode_ofAnotherListsCursor_isEmpty() {
        String cursor = cursors.encode(ACME, FIRST, "invitations:pending", "p#1");

        assertThat(cursors.decode(ACME, FIRST, "invitations:revoked", cursor)).isEmpty();
        assertThat(cursors.decode(ACME, FIRST, "members", cursor)).isEmpty();
    }

    @Test
    void decode_ofAnotherTenantsOrAnotherKeysCursor_isEmpty() {
        String cursor = cursors.encode(ACME, FIRST, "members", "p");

        assertThat(cursors.decode(TenantId.of("beta"), FIRST, "members", cursor)).isEmpty();
        assertThat(new PageCursors("other-key").decode(ACME, FIRST, "members", cursor)).isEmpty();
    }

    @Test
    void decode_ofACursorOfAnotherIncarnation_isEmpty() {
        String cursor = cursors.encode(ACME, FIRST, "members", "p");

        assertThat(cursors.decode(ACME, new Incarnation("k3ja"), "members", cursor)).isEmpty();
    }

    @Test
    void decode_ofMalformedCursors_isEmpty() {
        assertThat(cursors.decode(ACME, FIRST, "members", "")).isEmpty();
        assertThat(cursors.decode(ACME, FIRST, "members", "a.b.c")).isEmpty();
        assertThat(cursors.decode(ACME, FIRST, "members", "%%%.***")).isEmpty();
    }
}
