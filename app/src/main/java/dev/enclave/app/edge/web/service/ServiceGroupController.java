package dev.enclave.app.edge.web.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.service.DefiningServiceGroups;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.Services;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Put;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a service's groups carry: the organisation's own permissions, held by the group's members within that
 * service ({@code POST /v1/orgs/{org}/permissions/check} with {@code service}). A group that carries nothing is a
 * plain label, as every service group was before.
 */
@Tag(name = "services")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/services/{service}/groups")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Services.class)
class ServiceGroupController {

    /** A service group and what it carries. */
    @Serdeable
    @Schema(name = "ServiceGroup")
    record ServiceGroupView(String group, List<String> permissions) {

        static ServiceGroupView of(GroupName group, Set<Permission> permissions) {
            return new ServiceGroupView(group.value(), permissions.stream().map(Permission::value).sorted().toList());
        }
    }

    /** The service's groups that carry permissions, all of them: {@code nextCursor} is always {@code null}. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "ServiceGroupPage")
    record ServiceGroupPage(List<ServiceGroupView> items, @Nullable String nextCursor) {

        static ServiceGroupPage of(Service service) {
            return new ServiceGroupPage(service.groups().carried().entrySet().stream()
                    .map(entry -> ServiceGroupView.of(entry.getKey(), entry.getValue())).toList(), null);
        }
    }

    @Serdeable
    @Schema(name = "DefineServiceGroup")
    record DefineServiceGroup(@Schema(description = "Replaces what the group carries; none makes it a plain label")
                              @NotNull @Size(max = CustomGroup.MAX_PERMISSIONS) List<@NotNull @Pattern(
                                      regexp = Permission.PATTERN, message = "must be <resource>:<action>, e.g."
                                      + " invoices:approve") String> permissions) {
    }

    private final RequestAccess access;
    private final Services services;
    private final DefiningServiceGroups defining;

    ServiceGroupController(RequestAccess access, Services services, DefiningServiceGroups defining) {
        this.access = access;
        this.services = services;
        this.defining = defining;
    }

    @Operation(operationId = "listServiceGroups", summary = "The service's groups that carry permissions")
    @JsonAnswer(description = "The groups", body = ServiceGroupPage.class, etag = true)
    @Get
    HttpResponse<?> list(HttpRequest<?> request, Caller caller, @PathVariable String org,
                         @PathVariable String service) {
        return ServiceController.onService(access, request, caller, org, SystemPermissions.SERVICES_READ, service,
                (granted, id) -> services.find(granted.organisation(), id).<HttpResponse<?>>map(found ->
                        ServiceController.withETag(HttpResponse.ok(ServiceGroupPage.of(found)), found,
                                granted.organisation()))
                        .orElseGet(() -> ServiceController.noSuchService(request, service)));
    }

    @Operation(operationId = "defineServiceGroup", summary = "Set what a service group carries")
    @JsonAnswer(description = "The group", body = ServiceGroupView.class, etag = true)
    @JsonBody
    @Problems.Conflict
    @Put("/{group}")
    HttpResponse<?> define(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @PathVariable String service, @PathVariable String group,
                           @Valid @Body DefineServiceGroup body) {
        Set<Permission> permissions = body.permissions().stream().map(Permission::new).collect(Collectors.toSet());
        return ServiceController.onGroup(access, request, caller, org, SystemPermissions.SERVICES_MANAGE, service,
                group, (granted, serviceGroup) -> Rejections.answer(request, defining.define(
                        new DefiningServiceGroups.Define(granted.organisation(), granted.inServices(), serviceGroup,
                                permissions)), changed -> answer(serviceGroup, changed, granted.organisation())));
    }

    private static HttpResponse<?> answer(ServiceGroup group, Service service, Organisation organisation) {
        return ServiceController.withETag(HttpResponse.ok(ServiceGroupView.of(group.group(),
                service.groups().of(group.group()))), service, organisation);
    }
}
