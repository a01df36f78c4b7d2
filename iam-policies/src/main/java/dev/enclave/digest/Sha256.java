package dev.enclave.digest;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * SHA-256 and HMAC-SHA256, the one place Enclave computes them: hashes of secrets kept instead of the secrets,
 * digests in keys, cursor MACs and the sandbox's SigV4 chain. Text is hashed as UTF-8.
 */
public final class Sha256 {

    private static final String HMAC = "HmacSHA256";

    private Sha256() {
    }

    /** The SHA-256 of {@code data}. */
    public static byte[] of(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("every Java platform has SHA-256", impossible);
        }
    }

    /** The SHA-256 of {@code text}'s UTF-8 bytes. */
    public static byte[] of(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The SHA-256 of {@code text}, as 64 lower-case hex digits. */
    public static String hex(String text) {
        return HexFormat.of().formatHex(of(text));
    }

    /** The SHA-256 of {@code text}, as unpadded base64url (43 characters). */
    public static String base64Url(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(of(text));
    }

    /** The HMAC-SHA256 of {@code data} under {@code key}. */
    public static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac.doFinal(data);
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("every Java platform has " + HMAC, impossible);
        }
    }

    /** The HMAC-SHA256 of {@code text}'s UTF-8 bytes under {@code key}. */
    public static byte[] hmac(byte[] key, String text) {
        return hmac(key, text.getBytes(StandardCharsets.UTF_8));
    }
}
