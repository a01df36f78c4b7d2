package dev.enclave.app.edge.web.permission;

import dev.enclave.app.domain.access.AccessDecision;
import dev.enclave.app.domain.access.AccessReads;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.access.TenantAccess;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.domain.service.ServiceNames;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.input.Text;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.edge.web.permission.GroupViews.CheckResult;
import dev.enclave.app.edge.web.permission.GroupViews.CheckResults;
import dev.enclave.app.edge.web.permission.GroupViews.PermissionsView;
import dev.enclave.identity.UserKey;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
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
import java.util.Optional;

/**
 * What members may do, answered from the same strongly consistent read an access decision makes: one BatchGetItem
 * of the caller's membership, the organisation, its group definitions and the memberships asked about.
 */
@Tag(name = "groups")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = RequestAccess.class)
class PermissionController {

    /** The most checks one request asks. */
    static final int MAX_CHECKS = 100;
    /** The most other members one request asks about: their memberships and the caller's three items fit one read. */
    static final int MAX_OTHER_MEMBERS = AccessReads.MAX_OTHERS;

    @Serdeable
    @Schema(name = "PermissionCheck")
    record Check(@Schema(description = "Whose permission; absent: the caller's") @Nullable @Text(max = 256)
                 String userId,
                 @NotNull @Pattern(regexp = Permission.PATTERN, message = GroupController.PERMISSION_MESSAGE)
                 String permission,
                 @Schema(description = "Within which service: what the member's groups of it carry count too")
                 @Nullable @Pattern(regexp = ServiceNames.NAME, message = "must be a service id") String service) {

        Optional<ServiceId> serviceId() {
            return Optional.ofNullable(service).map(ServiceId::new);
        }
    }

    @Serdeable
    @Schema(name = "PermissionChecks")
    record Checks(@NotNull @Size(min = 1, max = MAX_CHECKS) List<@NotNull @Valid Check> checks) {
    }

    private final RequestAccess access;

    PermissionController(RequestAccess access) {
        this.access = access;
    }

    @Operation(operationId = "getMemberPermissions",
            summary = "A member's effective permissions, each with the groups it comes from")
    @JsonAnswer(description = "The member's permissions", body = PermissionsView.class)
    @Get("/orgs/{org}/members/{userId}/permissions")
    HttpResponse<?> ofMember(HttpRequest<?> request, Caller caller, @PathVariable String org,
                             @PathVariable String userId) {
        UserKey member = UserKey.of(caller.issuer(), userId);
        TenantAccess.WithOthers read = access.decideWith(request, caller, org, SystemPermissions.MEMBERS_READ,
                List.of(member));
        if (!(read.standing() instanceof AccessDecision.Granted granted)) {
            return Rejections.toResponse(request, ((AccessDecision.Refused) read.standing()).refusal());
        }
        return Optional.ofNullable(read.others().get(member)).<HttpResponse<?>>map(found -> HttpResponse.ok(
                PermissionsView.of(found.userId(), granted.definitions().effective(found.groups()))))
                .orElseGet(() -> Rejections.toResponse(request, Reason.MEMBER_NOT_FOUND, "No such member."));
    }

    @Operation(operationId = "getMyPermissions", summary = "The caller's effective permissions in an organisation")
    @JsonAnswer(description = "The caller's permissions", body = PermissionsView.class)
    @Get("/me/orgs/{org}/permissions")
    HttpResponse<?> mine(HttpRequest<?> request, Caller caller, @PathVariable String org) {
        return access.whenGranted(request, caller, org, SystemPermissions.ORG_READ, granted -> HttpResponse.ok(
                PermissionsView.of(granted.membership().userId(), granted.holding().permissions())));
    }

    @Operation(operationId = "checkPermissions",
            summary = "Whether members hold permissions: at most 100 checks, answered in order, in one read")
    @JsonAnswer(description = "One result per check", body = CheckResults.class)
    @JsonBody
    @Post("/orgs/{org}/permissions/check")
    HttpResponse<?> check(HttpRequest<?> request, Caller caller, @PathVariable String org,
                          @Valid @Body Checks body) {
        Optional<HttpResponse<?>> reserved = reserved(request, body.checks());
        if (reserved.isPresent()) {
            return reserved.get();
        }
        List<UserKey> others = body.checks().stream().map(Check::userId).filter(id -> id != null
                && !id.equals(caller.subject())).distinct().map(id -> UserKey.of(caller.issuer(), id)).toList();
        List<ServiceId> services = body.checks().stream().map(Check::serviceId).flatMap(Optional::stream)
                .distinct().toList();
        if (others.size() + services.size() > MAX_OTHER_MEMBERS) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, "Ask about at most " + MAX_OTHER_MEMBERS
                    + " members besides yourself and services, together, in one request.");
        }
        TenantAccess.WithOthers read = access.decideWith(request, caller, org, others.isEmpty()
                ? SystemPermissions.ORG_READ : SystemPermissions.MEMBERS_READ, others, services);
        if (!(read.standing() instanceof AccessDecision.Granted granted)) {
            return Rejections.toResponse(request, ((AccessDecision.Refused) read.standing()).refusal());
        }
        return HttpResponse.ok(new CheckResults(body.checks().stream().map(check -> result(caller, granted,
                read, check)).toList()));
    }

    /**
     * A check of a permission in a resource Enclave's own permissions use that is not one of them ({@code org:rename})
     * is a mistake, refused as defining a group that carries it is: an owner would be answered {@code true}.
     */
    private static Optional<HttpResponse<?>> reserved(HttpRequest<?> request, List<Check> checks) {
        for (int i = 0; i < checks.size(); i++) {
            Permission permission = new Permission(checks.get(i).permission());
            if (SystemPermissions.inSystemResource(permission) && !SystemPermissions.isSystem(permission)) {
                return Optional.of(Rejections.invalid(request, "checks[" + i + "].permission", permission.value()
                        + " is in a resource Enclave's own permissions use, but is not one of them"));
            }
        }
        return Optional.empty();
    }

    /**
     * One check's answer: the member holds the permission in the organisation, or (within a service) one of their
     * groups of the service carries it. A service that is not there has no groups.
     */
    private static CheckResult result(Caller caller, AccessDecision.Granted granted, TenantAccess.WithOthers read,
                                      Check check) {
        String userId = check.userId() == null ? caller.subject() : check.userId();
        Optional<Membership> member = Optional.ofNullable(read.others().get(UserKey.of(caller.issuer(), userId)));
        Permission permission = new Permission(check.permission());
        Optional<Service> service = check.serviceId().map(read.services()::get);
        boolean allowed = member.filter(found -> found.holds(granted.definitions(), service, permission)).isPresent();
        return new CheckResult(userId, check.permission(), check.service(), allowed);
    }
}
