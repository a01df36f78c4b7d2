package dev.enclave.sandbox.sts;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Random temporary credentials in AWS's shapes: access key ids {@code ASIA} + 16 upper-case letters and digits
 * (DynamoDB Local refuses other characters), 40-character secrets, opaque session tokens.
 */
final class CredentialMint {

    private static final String KEY_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    private static final String SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    private final SecureRandom random = new SecureRandom();

    String accessKeyId() {
        return "ASIA" + random(KEY_ID_ALPHABET, 16);
    }

    String secretAccessKey() {
        return random(SECRET_ALPHABET, 40);
    }

    String sessionToken() {
        byte[] token = new byte[240];
        random.nextBytes(token);
        return Base64.getEncoder().encodeToString(token);
    }

    private String random(String alphabet, int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }
}
