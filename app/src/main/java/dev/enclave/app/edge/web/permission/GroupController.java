package dev.enclave.app.edge.web.permission;

import dev.enclave.app.domain.access.AccessDecision;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.DefiningGroups;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Idempotent;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.http.ETag;
import dev.enclave.app.edge.http.IfMatch;
import dev.enclave.app.edge.input.Text;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.edge.web.permission.GroupViews.GroupPage;
import dev.enclave.app.edge.web.permission.GroupViews.GroupView;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * An organisation's groups: the built-in ones (fixed) and the custom ones its owners (or holders of
 * {@code groups:manage}) define, each with its permissions. Members read them; a group is assigned to members as any
 * group is ({@code PUT /v1/orgs/{org}/members/{userId}/groups/{group}}).
 */
@Tag(name = "groups")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/groups")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = {DefiningGroups.class, RequestAccess.class})
class GroupController {

    static final String PERMISSION_MESSAGE = "must be <resource>:<action>, e.g. invoices:approve";
    private static final String IF_MATCH = "The group's ETag: the change applies only to that version";
    private static final String DESCRIPTION_RULE = "must be empty or 1-{max} characters of text in NFC, without "
            + "control characters";

    @Serdeable
    @Schema(name = "CreateGroup")
    record CreateGroup(@NotNull @Pattern(regexp = GroupName.PATTERN, message = "must be " + GroupName.RULE) String id,
                       @Nullable @Text(max = CustomGroup.MAX_DESCRIPTION, emptyAllowed = true,
                               message = DESCRIPTION_RULE) String description,
                       @NotNull @Size(max = CustomGroup.MAX_PERMISSIONS) List<@NotNull @Pattern(
                               regexp = Permission.PATTERN, message = PERMISSION_MESSAGE) String> permissions) {
    }

    @Serdeable
    @Schema(name = "UpdateGroup")
    record UpdateGroup(@Schema(description = "The new description; empty clears it")
                       @Nullable @Text(max = CustomGroup.MAX_DESCRIPTION, emptyAllowed = true,
                               message = DESCRIPTION_RULE) String description,
                       @Schema(description = "Replaces the group's permissions")
                       @Nullable @Size(max = CustomGroup.MAX_PERMISSIONS) List<@NotNull @Pattern(
                               regexp = Permission.PATTERN, message = PERMISSION_MESSAGE) String> permissions) {
    }

    private final RequestAccess access;
    private final DefiningGroups defining;

    GroupController(RequestAccess access, DefiningGroups defining) {
        this.access = access;
        this.defining = defining;
    }

    @Operation(operationId = "createGroup", summary = "Define a custom group with its permissions")
    @JsonAnswer(status = "201", description = "The group", body = GroupView.class, etag = true, location = true,
            replayable = true)
    @Problems.Conflict
    @JsonBody
    @Idempotent
    @Post
    HttpResponse<?> create(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @Valid @Body CreateGroup body) {
        return access.whenGranted(request, caller, org, SystemPermissions.GROUPS_MANAGE, granted -> Rejections.answer(
                request, defining.create(new DefiningGroups.Create(acting(granted), new GroupName(body.id()),
                        Optional.ofNullable(body.description()).orElse(""), permissions(body.permissions()))),
                group -> HttpResponse.created(GroupView.of(group), URI.create(request.getPath() + "/"
                        + group.id().value())).header(HttpHeaders.ETAG, etag(granted, group))));
    }

    @Operation(operationId = "listGroups", summary = "List the organisation's groups, built-in and custom")
    @JsonAnswer(description = "Every group", body = GroupPage.class)
    @Get
    HttpResponse<?> list(HttpRequest<?> request, Caller caller, @PathVariable String org) {
        return access.whenGranted(request, caller, org, SystemPermissions.MEMBERS_READ,
                granted -> HttpResponse.ok(GroupPage.of(granted.definitions())));
    }

    @Operation(operationId = "getGroup", summary = "Read a group")
    @JsonAnswer(description = "The group", body = GroupView.class, etag = true)
    @Get("/{group}")
    HttpResponse<?> get(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String group) {
        return onGroup(request, caller, org, SystemPermissions.MEMBERS_READ, group, (granted, id) -> {
            if (SystemPermissions.isBuiltIn(id)) {
                return HttpResponse.ok(GroupView.builtIn(id));
            }
            return granted.definitions().find(id).<HttpResponse<?>>map(found -> HttpResponse.ok(
                    GroupView.of(found)).header(HttpHeaders.ETAG, etag(granted, found)))
                    .orElseGet(() -> Rejections.toResponse(request, Reason.GROUP_NOT_FOUND,
                            "No group named " + id.value() + "."));
        });
    }

    @Operation(operationId = "updateGroup", summary = "Change a custom group's description or permissions")
    @JsonAnswer(description = "The group as changed", body = GroupView.class, etag = true)
    @Problems.Conflict
    @Problems.PreconditionFailed
    @JsonBody
    @Patch("/{group}")
    HttpResponse<?> update(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @PathVariable String group, @Valid @Body UpdateGroup body,
                           @Parameter(description = IF_MATCH) @Nullable @Header(HttpHeaders.IF_MATCH) String ifMatch) {
        return onGroup(request, caller, org, SystemPermissions.GROUPS_MANAGE, group, (granted, id) ->
                Rejections.answer(request, defining.change(new DefiningGroups.Change(acting(granted), id,
                        Optional.ofNullable(body.description()),
                        Optional.ofNullable(body.permissions()).map(GroupController::permissions),
                        expected(granted, ifMatch))), changed -> HttpResponse.ok(GroupView.of(changed))
                        .header(HttpHeaders.ETAG, etag(granted, changed))));
    }

    @Operation(operationId = "deleteGroup", summary = "Delete a custom group no member holds")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @Problems.Conflict
    @Problems.PreconditionFailed
    @Consumes(MediaType.ALL)
    @Delete("/{group}")
    HttpResponse<?> delete(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @PathVariable String group,
                           @Parameter(description = IF_MATCH) @Nullable @Header(HttpHeaders.IF_MATCH) String ifMatch) {
        return onGroup(request, caller, org, SystemPermissions.GROUPS_MANAGE, group, (granted, id) ->
                Rejections.orNoContent(request, defining.delete(new DefiningGroups.Delete(acting(granted), id,
                        expected(granted, ifMatch)))));
    }

    /**
     * The group the path names, for a caller granted {@code needed} first: a name no group can have is a group
     * nobody defined, answered as such only to those who may read the organisation's groups.
     */
    private HttpResponse<?> onGroup(HttpRequest<?> request, Caller caller, String org, Permission needed,
                                    String group, BiFunction<AccessDecision.Granted, GroupName, HttpResponse<?>> action) {
        return access.whenGranted(request, caller, org, needed, granted -> GroupName.parse(group)
                .<HttpResponse<?>>map(id -> action.apply(granted, id)).orElseGet(() -> Rejections.toResponse(request,
                        Reason.GROUP_NOT_FOUND, "A group is " + GroupName.RULE + ".")));
    }

    private static DefiningGroups.Acting acting(AccessDecision.Granted granted) {
        return new DefiningGroups.Acting(granted.organisation(), granted.holding());
    }

    private static Optional<ExpectedVersion> expected(AccessDecision.Granted granted, @Nullable String ifMatch) {
        return IfMatch.expected(ifMatch, granted.organisation().incarnation());
    }

    private static String etag(AccessDecision.Granted granted, CustomGroup group) {
        return new ETag(granted.organisation().incarnation(), group.life(), group.version()).header();
    }

    private static Set<Permission> permissions(List<String> written) {
        return written.stream().map(Permission::new).collect(Collectors.toSet());
    }
}
