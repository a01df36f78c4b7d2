package dev.enclave.app.domain.apikey;

import dev.enclave.digest.Sha256;
import dev.enclave.identity.TenantId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An API key as its holder sees it, once: {@code enclave_<org>_<key id>_<52 base32 characters>}. The fixed
 * {@code enclave_} prefix and shape let secret scanners find leaked keys; the organisation and key id make the
 * lookup one read; the 256 random bits are the secret. Enclave keeps only {@link #hash()}.
 */
public final class ApiKeySecret {

    /** What every key starts with. */
    public static final String PREFIX = "enclave_";
    private static final Pattern SHAPE = Pattern.compile(Pattern.quote(PREFIX) + "(" + TenantId.REGEX + ")_("
            + ApiKeyId.REGEX + ")_([a-z2-7]{52})");

    private final TenantId tenant;
    private final ApiKeyId id;
    private final String text;

    private ApiKeySecret(TenantId tenant, ApiKeyId id, String text) {
        this.tenant = tenant;
        this.id = id;
        this.text = text;
    }

    public static ApiKeySecret issue(TenantId tenant, ApiKeyId id, SecureRandom random) {
        return new ApiKeySecret(tenant, id, PREFIX + tenant.value() + "_" + id.value() + "_"
                + Base32.encode(random, 32));
    }

    /**
     * The key an {@code Authorization} header holds: the AWS SDKs send it as is; a {@code Bearer } prefix is accepted
     * too. {@code null} for no header.
     */
    public static String bare(String header) {
        if (header == null) {
            return null;
        }
        String value = header.strip();
        return value.regionMatches(true, 0, "Bearer ", 0, 7) ? value.substring(7).strip() : value;
    }

    /** The key a caller presented, if it has the shape of one. */
    public static Optional<ApiKeySecret> parse(String presented) {
        if (presented == null || presented.length() > 200) {
            return Optional.empty();
        }
        Matcher matcher = SHAPE.matcher(presented.strip());
        return matcher.matches()
                ? Optional.of(new ApiKeySecret(TenantId.of(matcher.group(1)), new ApiKeyId(matcher.group(2)),
                matcher.group(0)))
                : Optional.empty();
    }

    public TenantId tenant() {
        return tenant;
    }

    public ApiKeyId id() {
        return id;
    }

    /** The whole key, to show its holder once. */
    public String reveal() {
        return text;
    }

    /** SHA-256 of the whole key, hex: what the table keeps (the key has 256 random bits, so no slow hash is needed). */
    String hash() {
        return Sha256.hex(text);
    }

    /** Whether this key hashes to {@code storedHash}, compared in constant time. */
    boolean matches(String storedHash) {
        return MessageDigest.isEqual(hash().getBytes(StandardCharsets.US_ASCII),
                Objects.requireNonNullElse(storedHash, "").getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public String toString() {
        return PREFIX + tenant.value() + "_" + id.value() + "_…";
    }
}
