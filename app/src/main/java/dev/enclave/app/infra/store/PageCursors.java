package dev.enclave.app.infra.store;

import dev.enclave.digest.Sha256;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opaque, tamper-evident page cursors bound to their tenant, its incarnation and their list: {@code
 * base64url(position) . HMAC(tenant, incarnation, list, position)}. A cursor edited, minted for another tenant, for
 * another life of the organisation or for another list does not verify.
 * The key is {@code enclave.cursor-key}, the same on every instance so a cursor verifies on any of them; required
 * outside the local stack, which signs with a per-process key when none is given.
 */
@Singleton
public final class PageCursors {

    /** The setting that holds the key. */
    public static final String KEY = "enclave.cursor-key";
    static final int LEAST_KEY_LENGTH = 32;

    private static final String PLATFORM = "PLATFORM";
    private static final String NO_LIFE = "-";
    private static final Logger LOG = LoggerFactory.getLogger(PageCursors.class);
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final byte[] key;

    public PageCursors(@Nullable @Property(name = KEY) String configuredKey) {
        if (configuredKey == null || configuredKey.isBlank()) {
            LOG.info("enclave.cursor-key is not set (the local stack): cursors are signed with a per-process key and "
                    + "do not survive a restart");
            this.key = new byte[32];
            new SecureRandom().nextBytes(key);
        } else {
            this.key = configuredKey.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Refuses a key too short to sign with (the start-up check's reader of {@code enclave.cursor-key}). */
    public static void checkKey(String key) {
        if (key.strip().length() < LEAST_KEY_LENGTH) {
            throw new IllegalArgumentException("must be at least " + LEAST_KEY_LENGTH + " characters (e.g. "
                    + "openssl rand -base64 32), not " + key.strip().length());
        }
    }

    /** The cursor of {@code position} in the list named {@code list} of {@code tenant}'s {@code incarnation}. */
    public String encode(TenantId tenant, Incarnation incarnation, String list, String position) {
        return encoded(position, mac(tenant.value(), incarnation.value(), list, position));
    }

    /**
     * The position {@code cursor} names, or empty when it is not a cursor of this list of this tenant's incarnation
     * (a cursor of an organisation deleted since does not page the one created again under its id).
     */
    public Optional<String> decode(TenantId tenant, Incarnation incarnation, String list, String cursor) {
        return decoded(cursor, position -> mac(tenant.value(), incarnation.value(), list, position));
    }

    /** The cursor of {@code position} in the platform's own list {@code list} (no tenant's: platform admins'). */
    public String encodePlatform(String list, String position) {
        return encoded(position, mac(PLATFORM, NO_LIFE, list, position));
    }

    /** The position a cursor of the platform's own list {@code list} names, or empty when it is none. */
    public Optional<String> decodePlatform(String list, String cursor) {
        return decoded(cursor, position -> mac(PLATFORM, NO_LIFE, list, position));
    }

    /**
     * The cursor of {@code position} in the caller's own list {@code list} across organisations, bound to {@code
     * owner}: the key prefix of the caller's own entries (a user's or an email's), so no other caller's list opens it.
     */
    public String encodeOwn(LeadingKeyPrefix owner, String list, String position) {
        return encoded(position, mac(owner.value(), NO_LIFE, list, position));
    }

    /** The position a cursor of {@code owner}'s own list {@code list} names, or empty when it is none. */
    public Optional<String> decodeOwn(LeadingKeyPrefix owner, String list, String cursor) {
        return decoded(cursor, position -> mac(owner.value(), NO_LIFE, list, position));
    }

    private static String encoded(String position, byte[] mac) {
        return ENCODER.encodeToString(position.getBytes(StandardCharsets.UTF_8)) + "." + ENCODER.encodeToString(mac);
    }

    private static Optional<String> decoded(String cursor, Function<String, byte[]> macOf) {
        String[] parts = cursor.split("\\.", -1);
        if (parts.length != 2) {
            return Optional.empty();
        }
        try {
            String position = new String(DECODER.decode(parts[0]), StandardCharsets.UTF_8);
            return MessageDigest.isEqual(macOf.apply(position), DECODER.decode(parts[1])) ? Optional.of(position)
                    : Optional.empty();
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
    }

    /**
     * A digest of {@code text} for {@code purpose}, keyed like the cursors: it shows whether two texts are the same
     * without letting a reader check guesses of one offline (a plain hash of a webhook URL would).
     */
    public String digest(String purpose, String text) {
        return HexFormat.of().formatHex(Sha256.hmac(key, "digest\n" + purpose + "\n" + text));
    }

    /** Over the owner, its life, the list and the position ({@link #PLATFORM} and {@link #NO_LIFE}: no tenant's). */
    private byte[] mac(String owner, String life, String list, String position) {
        return Sha256.hmac(key, owner + "\n" + life + "\n" + list + "\n" + position);
    }
}
