package dev.enclave.app.domain.access;

import java.util.Optional;

/** What the request being answered was granted on: the edge knows, from its access decision. */
public interface ActingAuthorities {

    /** The acting member and the authority of the request's last access decision; empty outside one. */
    Optional<ActingAuthority> current();
}
