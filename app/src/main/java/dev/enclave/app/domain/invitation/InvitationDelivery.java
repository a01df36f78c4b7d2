package dev.enclave.app.domain.invitation;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * How an organisation's invitations reach their invitees: the token in the answer to the sender (as before), an
 * email Enclave sends with the accept link, or the organisation's webhook ({@code invitation.sent} carries the accept
 * link to the tenant's backend). With email or webhook the sender never sees the token.
 */
public enum InvitationDelivery {
    TOKEN,
    EMAIL,
    WEBHOOK;

    /** The regular expression of the wire names. */
    public static final String PATTERN = "token|email|webhook";

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<InvitationDelivery> parse(String wire) {
        return Arrays.stream(values()).filter(mode -> mode.wire().equals(wire)).findFirst();
    }

    /** Whether the sender's answer carries the token. */
    public boolean answersWithToken() {
        return this == TOKEN;
    }
}
