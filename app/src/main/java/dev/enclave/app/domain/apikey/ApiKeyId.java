package dev.enclave.app.domain.apikey;

import java.security.SecureRandom;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/** The public id of an API key: 16 characters of lowercase base32, random. */
public record ApiKeyId(String value) {

    public static final String REGEX = "[a-z2-7]{16}";
    private static final Pattern PATTERN = Pattern.compile(REGEX);

    public ApiKeyId {
        Objects.requireNonNull(value, "value");
        if (!PATTERN.matcher(value).matches()) {
            throw new IllegalArgumentException("not an API key id: " + value);
        }
    }

    public static ApiKeyId random(SecureRandom random) {
        return new ApiKeyId(Base32.encode(random, 10));
    }

    /** The id {@code value} spells, if it is one. */
    public static Optional<ApiKeyId> parse(String value) {
        return isValid(value) ? Optional.of(new ApiKeyId(value)) : Optional.empty();
    }

    public static boolean isValid(String value) {
        return value != null && PATTERN.matcher(value).matches();
    }

    @Override
    public String toString() {
        return value;
    }
}
