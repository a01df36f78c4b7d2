package dev.enclave.app.domain.access;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.Authority;
import java.util.Objects;

/**
 * The member a request acts as and what its access decision leaned on: every change the request writes is written
 * only while that membership is still the one read and still holds one of the groups the permission came from
 * ({@code authority}), so a member removed or demoted while their request was in flight changes nothing.
 */
public record ActingAuthority(Membership member, Authority authority) {

    public ActingAuthority {
        Objects.requireNonNull(member, "member");
        Objects.requireNonNull(authority, "authority");
    }
}
