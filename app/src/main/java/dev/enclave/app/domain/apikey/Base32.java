package dev.enclave.app.domain.apikey;

import java.security.SecureRandom;

/** Random lowercase base32 text (RFC 4648 alphabet, lowercased, no padding): safe in keys, URLs and shells. */
final class Base32 {

    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

    private Base32() {
    }

    /** {@code bytes} random bytes as {@code ceil(bytes * 8 / 5)} characters. */
    static String encode(SecureRandom random, int bytes) {
        byte[] data = new byte[bytes];
        random.nextBytes(data);
        StringBuilder out = new StringBuilder((bytes * 8 + 4) / 5);
        int buffer = 0;
        int bits = 0;
        for (byte b : data) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                out.append(ALPHABET[(buffer >> (bits - 5)) & 31]);
                bits -= 5;
            }
        }
        if (bits > 0) {
            out.append(ALPHABET[(buffer << (5 - bits)) & 31]);
        }
        return out.toString();
    }
}
