package dev.enclave.identity;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The identifier of a tenant (an organisation), chosen at creation and immutable.
 *
 * <p>It becomes part of DynamoDB leading keys ({@code TENANT#<id>#...}) and of IAM session policies, so it is
 * validated once, here: 3 to 40 characters, lowercase ASCII letters, digits and single inner hyphens. No value
 * that passes can carry an IAM wildcard ({@code * ?}), a policy variable ({@code $ { }}), the key separator
 * ({@code #}), a quote, whitespace or non-ASCII text.
 */
public record TenantId(String value) {

    /** The regular expression every tenant id matches (usable in annotations). */
    public static final String REGEX = "[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,39}";

    /** {@link #REGEX}, compiled. */
    public static final Pattern PATTERN = Pattern.compile(REGEX);

    /** Longest accepted tenant id. */
    public static final int MAX_LENGTH = 40;

    public TenantId {
        Objects.requireNonNull(value, "tenant id must not be null");
        if (!PATTERN.matcher(value).matches()) {
            throw new InvalidTenantIdException(value);
        }
    }

    /** Parses a tenant id, failing with {@link InvalidTenantIdException} when it does not match {@link #PATTERN}. */
    public static TenantId of(String value) {
        return new TenantId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
