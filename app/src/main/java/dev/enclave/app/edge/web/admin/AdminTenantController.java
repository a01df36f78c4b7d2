package dev.enclave.app.edge.web.admin;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.invitation.Invitations;
import dev.enclave.app.domain.onboarding.ChangingTenant;
import dev.enclave.app.domain.onboarding.OnboardingTenant;
import dev.enclave.app.domain.organisation.DeletingOrganisation;
import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.input.EmailAddress;
import dev.enclave.app.edge.input.Text;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.organisation.OrganisationJob;
import dev.enclave.app.infra.jobs.JobProgress;
import dev.enclave.app.infra.limits.LimitSettings;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/** Platform onboarding: tenants, their seats and their suspension. Tokens with the {@code platform-admin} role. */
@Tag(name = "admin")
@SignedIn
@Problems.Forbidden
@HttpLimits
@Controller("/v1/admin/tenants")
@Secured(AdminTenantController.PLATFORM_ADMIN)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Invitations.class)
class AdminTenantController {

    static final String PLATFORM_ADMIN = "platform-admin";

    @Serdeable
    @Schema(name = "OnboardTenant")
    record OnboardRequest(@NotNull @Pattern(regexp = TenantId.REGEX,
            message = "must be 3-40 lowercase letters, digits and inner hyphens") String id,
                          @NotNull @Text(max = 200) String name, @NotNull @EmailAddress String ownerEmail,
                          @NotNull @Min(1) @Max(100_000) Integer seats) {
    }

    @Serdeable
    @Schema(name = "TenantSeats")
    record SeatsRequest(@NotNull @Min(1) @Max(100_000) Integer seats) {
    }

    @Serdeable
    @Schema(name = "Tenant")
    record TenantView(String id, String name, int seats, int members, String status, long version,
                      TenantLimitsView limits, List<OrganisationJob> jobs) {

        TenantView {
            jobs = List.copyOf(jobs);
        }

        static TenantView of(Organisation organisation, LimitSettings defaults) {
            return of(organisation, defaults, Optional.empty());
        }

        /** The tenant with the background job it has running (a rename's copy, or its deletion), if any. */
        static TenantView of(Organisation organisation, LimitSettings defaults, Optional<Job> job) {
            return new TenantView(organisation.id().value(), organisation.name(), organisation.seats(),
                    organisation.members(), organisation.status().name().toLowerCase(java.util.Locale.ROOT),
                    organisation.version(), TenantLimitsView.of(organisation, defaults),
                    job.map(OrganisationJob::of).stream().toList());
        }
    }

    /** The request limits a tenant works under, and whether they are its own or the defaults. */
    @Serdeable
    @Schema(name = "TenantLimits")
    record TenantLimitsView(int requestsPerSecond, int burst, int concurrentRequests, boolean ownLimits) {

        static TenantLimitsView of(Organisation organisation, LimitSettings defaults) {
            Limit limit = organisation.limits().orElse(defaults.limit());
            return new TenantLimitsView(limit.requestsPerSecond(), limit.burst(), limit.concurrent(),
                    organisation.limits().isPresent());
        }
    }

    @Serdeable
    @Schema(name = "OnboardedTenant")
    record Onboarded(TenantView tenant, String ownerEmail, String ownerInvitationToken) {
    }

    private final OnboardingTenant onboarding;
    private final ChangingTenant changing;
    private final DeletingOrganisation deleting;
    private final Organisations organisations;
    private final JobProgress progress;
    private final LimitSettings limits;

    AdminTenantController(OnboardingTenant onboarding, ChangingTenant changing, DeletingOrganisation deleting,
                          Organisations organisations, JobProgress progress, LimitSettings limits) {
        this.onboarding = onboarding;
        this.changing = changing;
        this.deleting = deleting;
        this.organisations = organisations;
        this.progress = progress;
        this.limits = limits;
    }

    @Operation(operationId = "onboardTenant", summary = "Create a tenant and an owner invitation (platform admins)")
    @JsonAnswer(status = "201", description = "The tenant and its owner invitation", body = Onboarded.class,
            location = true)
    @Problems.Conflict
    @JsonBody
    @Post
    HttpResponse<?> onboard(HttpRequest<?> request, Caller caller, @Valid @Body OnboardRequest body) {
        return Rejections.answer(request, onboarding.onboard(new OnboardingTenant.Onboard(TenantId.of(body.id()),
                        body.name(), Email.of(body.ownerEmail()), body.seats(), caller.subject())),
                done -> HttpResponse.created(new Onboarded(TenantView.of(done.organisation(), limits),
                        done.invitation().email().value(), done.token().value()),
                        URI.create("/v1/admin/tenants/" + body.id())));
    }

    @Operation(operationId = "getTenant", summary = "Read a tenant (platform admins)",
            description = "A tenant being deleted answers with status deleting and its deletion's progress in jobs,"
                    + " until the deletion has removed it.")
    @TenantAnswer
    @Problems.BadRequest
    @Problems.NotFound
    @Get("/{id}")
    HttpResponse<?> get(HttpRequest<?> request, @PathVariable String id) {
        return tenant(id).flatMap(organisations::find)
                .<HttpResponse<?>>map(o -> HttpResponse.ok(TenantView.of(o, limits, progress.of(o))))
                .orElseGet(() -> notFound(request));
    }

    @Operation(operationId = "deleteTenant", summary = "Delete a tenant and everything in it (platform admins)",
            description = "As its owner's DELETE /v1/orgs/{org}: the tenant answers as gone at once and its items are"
                    + " removed in the background; its id can be onboarded again once that has finished. The way out"
                    + " for a tenant nobody joined: its owner invitation lost, sent to a wrong address, or lapsed.")
    @ApiResponse(responseCode = "202", description = "Marked deleted; the removal of its items goes on")
    @Problems.BadRequest
    @Problems.NotFound
    @Consumes(MediaType.ALL)
    @Delete("/{id}")
    HttpResponse<?> delete(HttpRequest<?> request, @PathVariable String id) {
        return tenant(id).flatMap(organisations::find).<HttpResponse<?>>map(found -> Rejections.answer(request,
                        deleting.delete(new DeletingOrganisation.Delete(found)), done -> HttpResponse.accepted()))
                .orElseGet(() -> notFound(request));
    }

    @Operation(operationId = "suspendTenant", summary = "Suspend a tenant (platform admins)")
    @ApiResponse(responseCode = "204", description = "Suspended")
    @Problems.BadRequest
    @Problems.NotFound
    @Problems.Conflict
    @Consumes(MediaType.ALL)
    @Post("/{id}/suspend")
    HttpResponse<?> suspend(HttpRequest<?> request, @PathVariable String id) {
        return setStatus(request, id, OrganisationStatus.SUSPENDED);
    }

    @Operation(operationId = "resumeTenant", summary = "Resume a suspended tenant (platform admins)")
    @ApiResponse(responseCode = "204", description = "Resumed")
    @Problems.BadRequest
    @Problems.NotFound
    @Problems.Conflict
    @Consumes(MediaType.ALL)
    @Post("/{id}/resume")
    HttpResponse<?> resume(HttpRequest<?> request, @PathVariable String id) {
        return setStatus(request, id, OrganisationStatus.ACTIVE);
    }

    @Operation(operationId = "changeTenantSeats", summary = "Change a tenant's seat limit (platform admins)")
    @TenantAnswer
    @Problems.NotFound
    @Problems.Conflict
    @JsonBody
    @Patch("/{id}")
    HttpResponse<?> seats(HttpRequest<?> request, @PathVariable String id, @Valid @Body SeatsRequest body) {
        return tenant(id).<HttpResponse<?>>map(tenant -> Rejections.answer(request,
                        changing.setSeats(new ChangingTenant.SetSeats(tenant, body.seats())),
                        changed -> HttpResponse.ok(TenantView.of(changed, limits, progress.of(changed)))))
                .orElseGet(() -> notFound(request));
    }

    /** 204 once the tenant {@code id} names has {@code status}; 404 when it names none. */
    private HttpResponse<?> setStatus(HttpRequest<?> request, String id, OrganisationStatus status) {
        return tenant(id).<HttpResponse<?>>map(tenant -> Rejections.orNoContent(request,
                        changing.setStatus(new ChangingTenant.SetStatus(tenant, status))))
                .orElseGet(() -> notFound(request));
    }

    static Optional<TenantId> tenant(String id) {
        try {
            return Optional.of(TenantId.of(id));
        } catch (IllegalArgumentException invalid) {
            return Optional.empty();
        }
    }

    static HttpResponse<?> notFound(HttpRequest<?> request) {
        return Rejections.toResponse(request, Reason.ORGANISATION_NOT_FOUND, "No such tenant.");
    }
}
