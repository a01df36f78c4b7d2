package dev.enclave.app.infra.sealing;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals the answers idempotency records keep (invitation tokens among them) with AES-256-GCM under a key that lives
 * in Enclave's settings, never in the table, so credentials that can read a tenant's items read no answer. The
 * record's own key is the associated data, so a sealed answer cannot be moved to another record. The first key
 * seals; every key opens (rotation: add the new key first, drop the old one 24 hours later).
 */
public final class ResponseSeal {

    /** Base64 of 32 random bytes. */
    public static final int KEY_BYTES = 32;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final List<SecretKeySpec> keys;
    private final SecureRandom random = new SecureRandom();

    public ResponseSeal(List<String> base64Keys) {
        if (base64Keys.isEmpty()) {
            throw new IllegalArgumentException("at least one sealing key is needed");
        }
        this.keys = base64Keys.stream().map(ResponseSeal::key).toList();
    }

    /** A new random key in the form the settings take. */
    public static String newKey(SecureRandom random) {
        byte[] key = new byte[KEY_BYTES];
        random.nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    public String seal(String plain, String recordKey) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            byte[] sealed = cipher(Cipher.ENCRYPT_MODE, keys.get(0), nonce, recordKey)
                    .doFinal(plain.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(ByteBuffer.allocate(nonce.length + sealed.length).put(nonce)
                    .put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable", e);
        }
    }

    /** The plain answer, or empty when no key opens it (a dropped key, or a record moved or altered). */
    public Optional<String> open(String sealed, String recordKey) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(sealed);
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
        if (bytes.length <= NONCE_BYTES) {
            return Optional.empty();
        }
        byte[] nonce = Arrays.copyOf(bytes, NONCE_BYTES);
        for (SecretKeySpec key : keys) {
            try {
                byte[] plain = cipher(Cipher.DECRYPT_MODE, key, nonce, recordKey)
                        .doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES);
                return Optional.of(new String(plain, StandardCharsets.UTF_8));
            } catch (GeneralSecurityException wrongKey) {
                // try the next key
            }
        }
        return Optional.empty();
    }

    private static Cipher cipher(int mode, SecretKeySpec key, byte[] nonce, String recordKey)
            throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(recordKey.getBytes(StandardCharsets.UTF_8));
        return cipher;
    }

    private static SecretKeySpec key(String base64) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64.trim());
        } catch (IllegalArgumentException notBase64) {
            throw new IllegalArgumentException("a sealing key must be base64 of " + KEY_BYTES + " bytes");
        }
        if (key.length != KEY_BYTES) {
            throw new IllegalArgumentException("a sealing key must be base64 of " + KEY_BYTES + " bytes");
        }
        return new SecretKeySpec(key, "AES");
    }
}
