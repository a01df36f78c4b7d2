package dev.enclave.app.member;

import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opaque, tamper-evident page cursors bound to their tenant: {@code base64url(member digest) . HMAC(tenant,
 * member digest)}. A cursor edited, or minted for another tenant, does not verify.
 */
@Singleton
public final class MemberCursors {

    private static final Logger LOG = LoggerFactory.getLogger(MemberCursors.class);
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final byte[] key;

    MemberCursors(@Nullable @Property(name = "enclave.cursor-key") String configuredKey) {
        if (configuredKey == null || configuredKey.isBlank()) {
            LOG.warn("enclave.cursor-key is not set: cursors are signed with a per-process key and do not survive a "
                    + "restart or cross instances");
            this.key = new byte[32];
            new SecureRandom().nextBytes(key);
        } else {
            this.key = configuredKey.getBytes(StandardCharsets.UTF_8);
        }
    }

    public String encode(TenantId tenant, UserKey after) {
        return ENCODER.encodeToString(after.digest().getBytes(StandardCharsets.UTF_8)) + "."
                + ENCODER.encodeToString(mac(tenant, after.digest()));
    }

    /** The member to continue after, or empty when the cursor is not a valid cursor of {@code tenant}. */
    public Optional<UserKey> decode(TenantId tenant, String cursor) {
        String[] parts = cursor.split("\\.", -1);
        if (parts.length != 2) {
            return Optional.empty();
        }
        try {
            String digest = new String(DECODER.decode(parts[0]), StandardCharsets.UTF_8);
            boolean valid = digest.matches("[a-z2-7]{26}")
                    && MessageDigest.isEqual(mac(tenant, digest), DECODER.decode(parts[1]));
            return valid ? Optional.of(new UserKey(digest)) : Optional.empty();
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
    }

    private byte[] mac(TenantId tenant, String digest) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal((tenant.value() + "\n" + digest).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
