package dev.enclave.app.service;

import dev.enclave.app.input.TextRule;
import java.util.regex.Pattern;

/**
 * The one pattern for service ids and group names ({@code [a-z0-9][a-z0-9-]{0,39}}), and the rule for user ids in
 * paths (text of at most 256 code points), checked on every route before anything is read.
 */
public final class ServiceNames {

    /** A service id or group name. */
    public static final String NAME = "[a-z0-9][a-z0-9-]{0,39}";
    public static final String NAME_RULE = "1-40 lowercase letters, digits and hyphens";
    private static final Pattern NAME_PATTERN = Pattern.compile(NAME);
    private static final int MAX_USER_ID = 256;

    private ServiceNames() {
    }

    public static boolean isName(String value) {
        return value != null && NAME_PATTERN.matcher(value).matches();
    }

    public static boolean isUserId(String value) {
        return value != null && TextRule.admits(value, MAX_USER_ID);
    }
}
