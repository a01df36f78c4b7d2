package dev.enclave.app.invitation;

import java.util.Locale;

/** Where an invitation is in its life. Only a pending invitation can be accepted, declined, revoked or resent. */
public enum InvitationStatus {
    PENDING, ACCEPTED, DECLINED, REVOKED, SUPERSEDED;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
