package dev.enclave.app.edge.web.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.enclave.app.domain.access.AccessDecision;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.service.AssigningServiceGroups;
import dev.enclave.app.domain.service.ChangingServices;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.domain.service.ServiceNames;
import dev.enclave.app.domain.service.Services;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Idempotent;
import dev.enclave.app.edge.contract.IfMatchRequired;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.http.ETag;
import dev.enclave.app.edge.http.IfMatch;
import dev.enclave.app.edge.http.PageSize;
import dev.enclave.app.edge.input.Text;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.edge.web.member.MemberCursors;
import dev.enclave.identity.UserKey;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.QueryValue;
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
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * An organisation's services and service groups, and the access check other services ask
 * ({@code GET /v1/orgs/{org}/members/{userId}/access}), so service groups stay out of tokens.
 */
@Tag(name = "services")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Services.class)
class ServiceController {

    /** A page of the organisation's services: {@code nextCursor} is {@code null} on the last. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "ServicePage")
    record ServicePage(List<ServiceView> items, @Nullable String nextCursor) {
    }

    /** A service as the API shows it. */
    @Serdeable
    @Schema(name = "Service")
    record ServiceView(String id, String name, long version) {

        static ServiceView of(Service service) {
            return new ServiceView(service.id().value(), service.name(), service.version());
        }
    }

    /** The user ids in a service group, all of them: {@code nextCursor} is always {@code null}. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "GroupMemberPage")
    record GroupMembers(List<String> items, @Nullable String nextCursor) {
    }

    static final String NAME = ServiceNames.NAME;

    @Serdeable
    @Schema(name = "CreateService")
    record CreateService(@NotNull @Pattern(regexp = NAME, message = "must be 1-40 lowercase letters, digits, hyphens")
                         String id, @NotNull @Text(max = 200) String name) {
    }

    @Serdeable
    @Schema(name = "RenameService")
    record RenameService(@NotNull @Text(max = 200) String name) {
    }

    @Serdeable
    @Schema(name = "AccessCheck")
    record Access(boolean allowed) {
    }

    private static final String SERVICE_LIST = "services";

    private final RequestAccess access;
    private final Services services;
    private final ChangingServices changing;
    private final AssigningServiceGroups assigning;
    private final MemberCursors cursors;

    ServiceController(RequestAccess access, Services services, ChangingServices changing,
                      AssigningServiceGroups assigning, MemberCursors cursors) {
        this.cursors = cursors;
        this.changing = changing;
        this.assigning = assigning;
        this.access = access;
        this.services = services;
    }

    @Operation(operationId = "createService", summary = "Create a service")
    @JsonAnswer(status = "201", description = "The service", body = ServiceView.class, etag = true,
            location = true, replayable = true)
    @Problems.Conflict
    @JsonBody
    @Idempotent
    @Post("/services")
    HttpResponse<?> create(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @Valid @Body CreateService body) {
        return as(request, caller, org, SystemPermissions.SERVICES_MANAGE, organisation -> Rejections.answer(request,
                changing.create(new ChangingServices.Create(organisation, new ServiceId(body.id()), body.name())),
                created -> HttpResponse.created(ServiceView.of(created),
                                URI.create("/v1/orgs/" + org + "/services/" + body.id()))
                        .header(HttpHeaders.ETAG, etag(created, organisation))));
    }

    @Operation(operationId = "listServices", summary = "List services, a page at a time in id order")
    @JsonAnswer(description = "The services", body = ServicePage.class)
    @Get("/services")
    HttpResponse<?> list(HttpRequest<?> request, Caller caller, @PathVariable String org,
                         @Parameter(description = "1 to 100 (default 25)") @Nullable @QueryValue Integer limit,
                         @Parameter(description = "The nextCursor of the previous page")
                         @Nullable @QueryValue String cursor) {
        Optional<PageSize> size = PageSize.requested(limit);
        if (size.isEmpty()) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, PageSize.RULE);
        }
        return as(request, caller, org, SystemPermissions.SERVICES_READ, organisation -> {
            Optional<ServiceId> after = serviceAfter(organisation, cursor);
            if (cursor != null && after.isEmpty()) {
                return Rejections.toResponse(request, Reason.INVALID_CURSOR,
                        "Use the nextCursor the previous page of services returned, unchanged.");
            }
            Services.ServicePage page = services.list(organisation, after, size.get().value());
            return HttpResponse.ok(new ServicePage(page.services().stream().map(ServiceView::of).toList(),
                    page.last().map(last -> cursors.cursors().encode(organisation.id(), organisation.incarnation(),
                            SERVICE_LIST, last.value())).orElse(null)));
        });
    }

    @Operation(operationId = "getService", summary = "Read a service")
    @JsonAnswer(description = "The service", body = ServiceView.class, etag = true)
    @Get("/services/{service}")
    HttpResponse<?> get(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String service) {
        return onService(access, request, caller, org, SystemPermissions.SERVICES_READ, service, (granted, id) ->
                services.find(granted.organisation(), id).<HttpResponse<?>>map(found -> answer(found,
                        granted.organisation())).orElseGet(() -> noSuchService(request, service)));
    }

    @Operation(operationId = "renameService", summary = "Rename a service (If-Match required)")
    @JsonAnswer(description = "The renamed service", body = ServiceView.class, etag = true)
    @IfMatchRequired
    @JsonBody
    @Patch("/services/{service}")
    HttpResponse<?> rename(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @PathVariable String service, @Valid @Body RenameService body,
                           @Parameter(description = IfMatchRequired.PARAMETER, required = true)
                           @Nullable @Header(HttpHeaders.IF_MATCH) String ifMatch) {
        return onService(access, request, caller, org, SystemPermissions.SERVICES_MANAGE, service, (granted, id) -> {
            Organisation organisation = granted.organisation();
            Optional<ExpectedVersion> expected = IfMatch.expected(ifMatch, organisation.incarnation());
            if (expected.isEmpty()) {
                return Rejections.toResponse(request, Reason.PRECONDITION_REQUIRED,
                        "Send If-Match with the ETag you read.");
            }
            return Rejections.answer(request, changing.rename(new ChangingServices.Rename(organisation, id,
                    body.name(), expected.get())), renamed -> answer(renamed, organisation));
        });
    }

    @Operation(operationId = "deleteService", summary = "Delete a service and its assignments")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @Problems.Conflict
    @Consumes(MediaType.ALL)
    @Delete("/services/{service}")
    HttpResponse<?> delete(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @PathVariable String service) {
        return onService(access, request, caller, org, SystemPermissions.SERVICES_MANAGE, service, (granted, id) ->
                Rejections.orNoContent(request, changing.delete(new ChangingServices.Delete(granted.organisation(),
                        granted.inServices(), id))));
    }

    @Operation(operationId = "assignToServiceGroup", summary = "Put a member in a service group")
    @Problems.Conflict
    @ApiResponse(responseCode = "204", description = "Assigned")
    @Consumes(MediaType.ALL)
    @Put("/services/{service}/groups/{group}/members/{userId}")
    HttpResponse<?> assign(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @PathVariable String service, @PathVariable String group, @PathVariable String userId) {
        return changeAssignment(request, caller, org, service, group, userId, assigning::assign);
    }

    @Operation(operationId = "unassignFromServiceGroup", summary = "Take a member out of a service group")
    @Problems.Conflict
    @ApiResponse(responseCode = "204", description = "Unassigned")
    @Consumes(MediaType.ALL)
    @Delete("/services/{service}/groups/{group}/members/{userId}")
    HttpResponse<?> unassign(HttpRequest<?> request, Caller caller, @PathVariable String org,
                             @PathVariable String service, @PathVariable String group, @PathVariable String userId) {
        return changeAssignment(request, caller, org, service, group, userId, assigning::unassign);
    }

    @Operation(operationId = "listServiceGroupMembers", summary = "The user ids in a service group")
    @JsonAnswer(description = "The user ids", body = GroupMembers.class)
    @Get("/services/{service}/groups/{group}/members")
    HttpResponse<?> groupMembers(HttpRequest<?> request, Caller caller, @PathVariable String org,
                                 @PathVariable String service, @PathVariable String group,
                                 @Parameter(description = "1 to 100 (default 25)") @Nullable @QueryValue Integer limit,
                                 @Parameter(description = "The nextCursor of the previous page")
                                 @Nullable @QueryValue String cursor) {
        Optional<PageSize> size = PageSize.requested(limit);
        if (size.isEmpty()) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, PageSize.RULE);
        }
        return onGroup(access, request, caller, org, SystemPermissions.SERVICES_READ, service, group,
                (granted, serviceGroup) -> groupMembers(request, granted.organisation(), serviceGroup, size.get(),
                        cursor));
    }

    private HttpResponse<?> groupMembers(HttpRequest<?> request, Organisation organisation, ServiceGroup group,
                                         PageSize size, @Nullable String cursor) {
        String list = "group-members:" + group.written();
        Optional<UserKey> after = Optional.ofNullable(cursor).flatMap(given -> cursors.decode(organisation.id(),
                organisation.incarnation(), list, given));
        if (cursor != null && after.isEmpty()) {
            return Rejections.toResponse(request, Reason.INVALID_CURSOR,
                    "Use the nextCursor this group's previous page returned, unchanged.");
        }
        return services.groupMembers(organisation, group, after, size.value()).<HttpResponse<?>>map(page ->
                HttpResponse.ok(new GroupMembers(page.userIds(), page.last().map(last -> cursors.encode(
                        organisation.id(), organisation.incarnation(), list, last)).orElse(null))))
                .orElseGet(() -> Rejections.toResponse(request, Reason.SERVICE_NOT_FOUND, "No service "
                        + group.service().value() + "."));
    }

    @Operation(operationId = "checkAccess", summary = "Whether a member is in a service group")
    @JsonAnswer(description = "The answer", body = Access.class)
    @Get("/members/{userId}/access")
    HttpResponse<?> check(HttpRequest<?> request, Caller caller, @PathVariable String org,
                          @PathVariable String userId, @QueryValue String service, @QueryValue String group) {
        return as(request, caller, org, SystemPermissions.SERVICES_READ, organisation -> {
            if (!ServiceNames.isUserId(userId)) {
                return noSuchMember(request);
            }
            return ServiceGroup.parse(service, group).<HttpResponse<?>>map(asked -> HttpResponse.ok(new Access(
                    services.isAssigned(organisation, asked, UserKey.of(caller.issuer(), userId)))))
                    .orElseGet(() -> Rejections.toResponse(request, Reason.BAD_REQUEST, "service and group are "
                            + "each " + ServiceNames.NAME_RULE + "."));
        });
    }

    /** The service a cursor of the service list continues after; empty for none, or for a cursor of no page. */
    private Optional<ServiceId> serviceAfter(Organisation organisation, @Nullable String cursor) {
        if (cursor == null) {
            return Optional.empty();
        }
        Optional<String> position = cursors.cursors().decode(organisation.id(), organisation.incarnation(),
                SERVICE_LIST, cursor);
        return position.flatMap(ServiceId::parse);
    }

    private HttpResponse<?> as(HttpRequest<?> request, Caller caller, String org, Permission needed,
                               Function<Organisation, HttpResponse<?>> action) {
        return access.whenGranted(request, caller, org, needed, granted -> action.apply(granted.organisation()));
    }

    /**
     * An admin's change to one member's place in a service group: the caller granted {@code services:manage} and the
     * path checked as {@link #onGroup} does, then a 404 for a user id that is not text, before anything else is read.
     */
    private HttpResponse<?> changeAssignment(HttpRequest<?> request, Caller caller, String org, String service,
                                             String group, String userId,
                                             Function<AssigningServiceGroups.Assignment, Outcome<Void>> change) {
        return onGroup(access, request, caller, org, SystemPermissions.SERVICES_MANAGE, service, group,
                (granted, serviceGroup) -> ServiceNames.isUserId(userId)
                        ? Rejections.orNoContent(request, change.apply(new AssigningServiceGroups.Assignment(
                                granted.organisation(), granted.inServices(), serviceGroup,
                                UserKey.of(caller.issuer(), userId), userId)))
                        : noSuchMember(request));
    }

    private static HttpResponse<?> answer(Service service, Organisation organisation) {
        return withETag(HttpResponse.ok(ServiceView.of(service)), service, organisation);
    }

    /** {@code response} with the service's ETag: its version in the organisation's incarnation. */
    static HttpResponse<?> withETag(MutableHttpResponse<?> response, Service service, Organisation organisation) {
        return response.header(HttpHeaders.ETAG, etag(service, organisation));
    }

    private static String etag(Service service, Organisation organisation) {
        return new ETag(organisation.incarnation(), service.life(), service.version()).header();
    }

    /**
     * The service the path names, for a caller granted {@code needed} first: an id no service can have names none,
     * answered as such only to those who may know.
     */
    static HttpResponse<?> onService(RequestAccess access, HttpRequest<?> request, Caller caller, String org,
                                     Permission needed, String service,
                                     BiFunction<AccessDecision.Granted, ServiceId, HttpResponse<?>> action) {
        return access.whenGranted(request, caller, org, needed, granted -> ServiceId.parse(service)
                .<HttpResponse<?>>map(id -> action.apply(granted, id))
                .orElseGet(() -> Rejections.toResponse(request, Reason.SERVICE_NOT_FOUND, "No such service.")));
    }

    static HttpResponse<?> noSuchService(HttpRequest<?> request, String service) {
        return Rejections.toResponse(request, Reason.SERVICE_NOT_FOUND, "No service " + service + ".");
    }

    /** The service group a path names, as {@link #onService}; a 400 for a group that is not a group name. */
    static HttpResponse<?> onGroup(RequestAccess access, HttpRequest<?> request, Caller caller, String org,
                                   Permission needed, String service, String group,
                                   BiFunction<AccessDecision.Granted, ServiceGroup, HttpResponse<?>> action) {
        return onService(access, request, caller, org, needed, service, (granted, id) -> GroupName.parse(group)
                .<HttpResponse<?>>map(name -> action.apply(granted, new ServiceGroup(id, name)))
                .orElseGet(() -> Rejections.toResponse(request, Reason.BAD_REQUEST,
                        "A group is " + ServiceNames.NAME_RULE + ".")));
    }

    private static HttpResponse<?> noSuchMember(HttpRequest<?> request) {
        return Rejections.toResponse(request, Reason.MEMBER_NOT_FOUND, "No such member.");
    }
}
