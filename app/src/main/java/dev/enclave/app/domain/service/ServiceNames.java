package dev.enclave.app.domain.service;

import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.text.TextRule;

/**
 * Service ids and group names follow {@link GroupName#PATTERN}; user ids in paths are text of at most 256 code points,
 * checked on every route before anything is read.
 */
public final class ServiceNames {

    /** A service id or group name. */
    public static final String NAME = GroupName.PATTERN;
    public static final String NAME_RULE = GroupName.RULE;
    private static final int MAX_USER_ID = 256;

    private ServiceNames() {
    }

    public static boolean isUserId(String value) {
        return value != null && TextRule.admits(value, MAX_USER_ID);
    }
}
