package dev.enclave.app.domain.invitation;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Where an invitation is in its life. Only a pending invitation can be accepted, declined, revoked or resent; one left
 * pending past its validity is closed as {@link #EXPIRED} by Enclave itself.
 */
public enum InvitationStatus {
    PENDING, ACCEPTED, DECLINED, REVOKED, SUPERSEDED, EXPIRED;

    /** The status a wire name (any case) names, if any. */
    public static Optional<InvitationStatus> parse(String wire) {
        return Arrays.stream(values()).filter(status -> status.name().equalsIgnoreCase(wire)).findFirst();
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
