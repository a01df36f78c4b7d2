package dev.enclave.identity;

import dev.enclave.digest.Sha256;
import java.util.Objects;

/**
 * A user as keys see them: a digest of the token's issuer and subject, so a {@code sub} such as {@code auth0|*}
 * or {@code ${aws:username}} can never reach a key or a policy. Its prefix keys the user's own cross-tenant index.
 */
public record UserKey(String digest) {

    /** What every user's own partition key starts with. */
    public static final String PARTITION_PREFIX = "USER#";

    public UserKey {
        Objects.requireNonNull(digest, "digest");
    }

    public static UserKey of(String issuer, String subject) {
        return new UserKey(Digests.base32(Objects.requireNonNull(issuer, "issuer") + "\n"
                + Objects.requireNonNull(subject, "subject")));
    }

    /** {@code USER#<digest>#}. */
    public LeadingKeyPrefix prefix() {
        return new LeadingKeyPrefix(PARTITION_PREFIX + digest + "#");
    }

    /** Digests for key material. */
    static final class Digests {
        private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

        private Digests() {
        }

        /** The first 130 bits of SHA-256, lowercase base32: 26 characters of {@code [a-z2-7]}. */
        static String base32(String value) {
            byte[] hash = Sha256.of(value);
            StringBuilder out = new StringBuilder(26);
            int buffer = 0;
            int bits = 0;
            for (int i = 0; out.length() < 26; ) {
                if (bits < 5) {
                    buffer = (buffer << 8) | (hash[i++] & 0xff);
                    bits += 8;
                }
                out.append(ALPHABET[(buffer >> (bits - 5)) & 31]);
                bits -= 5;
            }
            return out.toString();
        }

    }
}
