package dev.enclave.app.edge.web.permission;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.EffectivePermissions;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.edge.contract.WireTime;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The wire records of groups and permissions. */
final class GroupViews {

    private static final String BUILT_IN_DESCRIPTION = "Built in: its permissions are fixed.";

    private GroupViews() {
    }

    @Serdeable
    @Schema(name = "Group")
    record GroupView(String id, String description,
                     @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Built in (owner, admin, member): fixed, and never stored") boolean builtIn,
                     List<String> permissions, @Nullable String createdAt, @Nullable String updatedAt,
                     @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Counts its changes; the ETag carries it") long version) {

        static GroupView of(CustomGroup group) {
            return new GroupView(group.id().value(), group.description(), false, names(group.permissions()),
                    WireTime.of(group.createdAt()), WireTime.of(group.updatedAt()), group.version());
        }

        static GroupView builtIn(GroupName group) {
            return new GroupView(group.value(), BUILT_IN_DESCRIPTION, true,
                    names(SystemPermissions.ofBuiltIn(group).orElseThrow()), null, null, 0);
        }
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "GroupPage")
    record GroupPage(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The built-in groups, then the custom ones by id") List<GroupView> items,
                     @Schema(description = "Always null: every group is in one page") @Nullable String nextCursor) {

        static GroupPage of(GroupDefinitions definitions) {
            List<GroupView> items = new ArrayList<>();
            List.of(GroupName.OWNER, GroupName.ADMIN, GroupName.MEMBER).forEach(g -> items.add(GroupView.builtIn(g)));
            definitions.custom().values().forEach(group -> items.add(GroupView.of(group)));
            return new GroupPage(items, null);
        }
    }

    @Serdeable
    @Schema(name = "HeldPermission")
    record HeldView(String permission, @Schema(description = "The caller's groups it comes from") List<String> groups) {
    }

    @Serdeable
    @Schema(name = "MemberPermissions")
    record PermissionsView(String userId,
                           @Schema(description = "An owner holds every permission, the organisation's own ones too;"
                                   + " the list shows the system ones and every one a custom group names")
                           boolean everything, List<HeldView> permissions) {

        static PermissionsView of(String userId, EffectivePermissions effective) {
            return new PermissionsView(userId, effective.everything(), effective.sources().entrySet().stream()
                    .map(held -> new HeldView(held.getKey().value(), held.getValue().stream().map(GroupName::value)
                            .toList())).toList());
        }
    }

    @Serdeable
    @Schema(name = "PermissionCheckResult")
    record CheckResult(String userId, String permission,
                       @Schema(description = "The service the check was within, when it named one")
                       @Nullable String service, boolean allowed) {
    }

    @Serdeable
    @Schema(name = "PermissionCheckResults")
    record CheckResults(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "One per check, in the order asked") List<CheckResult> results) {
    }

    static List<String> names(Set<Permission> permissions) {
        return permissions.stream().sorted().map(Permission::value).toList();
    }
}
