package dev.enclave.app.domain.permission;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Enclave's own actions as permissions, and the built-in groups as fixed sets of them: {@code owner} holds all,
 * {@code admin} what admins could always do, {@code member} what every member could always do. The built-in groups
 * are not stored anywhere, so organisations from before permissions need no migration.
 */
public final class SystemPermissions {

    /** Read the organisation: every member. */
    public static final Permission ORG_READ = new Permission("org:read");
    /** Rename the organisation. */
    public static final Permission ORG_MANAGE = new Permission("org:manage");
    /** Delete the organisation. */
    public static final Permission ORG_DELETE = new Permission("org:delete");
    /** List members and read their permissions. */
    public static final Permission MEMBERS_READ = new Permission("members:read");
    /** Remove members and edit their groups. */
    public static final Permission MEMBERS_MANAGE = new Permission("members:manage");
    /** Send, list, resend and revoke invitations, and choose how they are delivered. */
    public static final Permission INVITATIONS_MANAGE = new Permission("invitations:manage");
    /** List services, their groups and one's own access. */
    public static final Permission SERVICES_READ = new Permission("services:read");
    /** Create, rename and delete services and assign their groups. */
    public static final Permission SERVICES_MANAGE = new Permission("services:manage");
    /** Create, list and revoke API keys. */
    public static final Permission API_KEYS_MANAGE = new Permission("api_keys:manage");
    /** Take AWS credentials for the organisation's data namespace. */
    public static final Permission CREDENTIALS_ISSUE = new Permission("credentials:issue");
    /** Manage webhook endpoints and their deliveries. */
    public static final Permission WEBHOOKS_MANAGE = new Permission("webhooks:manage");
    /** Read and export the audit log. */
    public static final Permission AUDIT_LOG_READ = new Permission("audit_log:read");
    /** Record the app's own actions in the audit log. */
    public static final Permission AUDIT_LOG_WRITE = new Permission("audit_log:write");
    /** Read the event feed. */
    public static final Permission EVENTS_READ = new Permission("events:read");
    /** Define, change and delete the organisation's custom groups. */
    public static final Permission GROUPS_MANAGE = new Permission("groups:manage");

    /** Every system permission. */
    public static final List<Permission> ALL = List.of(ORG_READ, ORG_MANAGE, ORG_DELETE, MEMBERS_READ,
            MEMBERS_MANAGE, INVITATIONS_MANAGE, SERVICES_READ, SERVICES_MANAGE, API_KEYS_MANAGE, CREDENTIALS_ISSUE,
            WEBHOOKS_MANAGE, AUDIT_LOG_READ, AUDIT_LOG_WRITE, EVENTS_READ, GROUPS_MANAGE);

    private static final Set<Permission> MEMBER = Set.of(ORG_READ, MEMBERS_READ, SERVICES_READ);
    private static final Set<Permission> ADMIN = Set.of(ORG_READ, ORG_MANAGE, MEMBERS_READ, MEMBERS_MANAGE,
            INVITATIONS_MANAGE, SERVICES_READ, SERVICES_MANAGE, API_KEYS_MANAGE, CREDENTIALS_ISSUE, WEBHOOKS_MANAGE,
            AUDIT_LOG_READ, AUDIT_LOG_WRITE, EVENTS_READ);
    private static final Map<GroupName, Set<Permission>> BUILT_IN = Map.of(GroupName.OWNER, Set.copyOf(ALL),
            GroupName.ADMIN, ADMIN, GroupName.MEMBER, MEMBER);

    private SystemPermissions() {
    }

    /** Whether {@code permission} is one of Enclave's own. */
    public static boolean isSystem(Permission permission) {
        return ALL.contains(permission);
    }

    /** The resources Enclave's permissions use; a custom permission in one of them must be a system one. */
    public static boolean inSystemResource(Permission permission) {
        String resource = resource(permission);
        return ALL.stream().anyMatch(system -> resource(system).equals(resource));
    }

    /** What a built-in group holds; empty for any other name. */
    public static Optional<Set<Permission>> ofBuiltIn(GroupName group) {
        return Optional.ofNullable(BUILT_IN.get(group));
    }

    /** Whether {@code group} is built in (owner, admin, member). */
    public static boolean isBuiltIn(GroupName group) {
        return BUILT_IN.containsKey(group);
    }

    private static String resource(Permission permission) {
        return permission.value().substring(0, permission.value().indexOf(':'));
    }
}
