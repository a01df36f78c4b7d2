package dev.enclave.app.domain.invitation;

import dev.enclave.digest.Sha256;
import dev.enclave.identity.TenantId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * An accept token: {@code <org>.<invitation id>.<secret>}. The organisation and id say where to look (so accepting
 * runs on that tenant's scoped client); the 256-bit secret proves possession and is stored only as its SHA-256.
 */
public record InviteToken(TenantId tenant, InvitationId invitation, String secret) {

    public static InviteToken issue(TenantId tenant, InvitationId invitation, SecureRandom random) {
        byte[] secret = new byte[32];
        random.nextBytes(secret);
        return new InviteToken(tenant, invitation, Base64.getUrlEncoder().withoutPadding().encodeToString(secret));
    }

    /** The token as the invitee receives it. */
    public String value() {
        return tenant.value() + "." + invitation.value() + "." + secret;
    }

    public String hash() {
        return Sha256.hex(secret);
    }

    /** Whether this token's secret is the one whose hash was stored. */
    public boolean matches(String storedHash) {
        return MessageDigest.isEqual(hash().getBytes(StandardCharsets.US_ASCII),
                storedHash.getBytes(StandardCharsets.US_ASCII));
    }

    public static Optional<InviteToken> parse(String value) {
        String[] parts = value == null ? new String[0] : value.split("\\.", -1);
        if (parts.length != 3 || !parts[2].matches("[A-Za-z0-9_-]{43}")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new InviteToken(TenantId.of(parts[0]), new InvitationId(parts[1]), parts[2]));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }
}
