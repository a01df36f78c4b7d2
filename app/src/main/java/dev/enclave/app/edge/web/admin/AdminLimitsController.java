package dev.enclave.app.edge.web.admin;

import dev.enclave.app.domain.onboarding.ChangingTenant;
import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.infra.jobs.JobProgress;
import dev.enclave.app.infra.limits.LimitSettings;
import dev.enclave.identity.TenantId;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Put;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.Optional;

/**
 * A tenant's own request limits, set by platform admins over the defaults ({@code enclave.limits.*}). Each server
 * applies them from the tenant's next access decision on.
 */
@Tag(name = "admin")
@SignedIn
@Problems.Forbidden
@HttpLimits
@Controller("/v1/admin/tenants/{id}/limits")
@Secured(AdminTenantController.PLATFORM_ADMIN)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Organisations.class)
class AdminLimitsController {

    private static final int MOST = 1_000_000;

    @Serdeable
    @Schema(name = "TenantLimitsChange")
    record LimitsRequest(@NotNull @Min(1) @Max(MOST) Integer requestsPerSecond,
                         @Nullable @Min(1) @Max(MOST) Integer burst,
                         @NotNull @Min(1) @Max(MOST) Integer concurrentRequests) {
    }

    private final ChangingTenant changing;
    private final LimitSettings defaults;
    private final JobProgress progress;

    AdminLimitsController(ChangingTenant changing, LimitSettings defaults, JobProgress progress) {
        this.changing = changing;
        this.defaults = defaults;
        this.progress = progress;
    }

    @Operation(operationId = "setTenantLimits",
            summary = "Give a tenant request limits of its own (platform admins); burst defaults to twice the rate")
    @TenantAnswer
    @Problems.NotFound
    @JsonBody
    @Problems.Conflict
    @Put
    HttpResponse<?> set(HttpRequest<?> request, @PathVariable String id, @Valid @Body LimitsRequest body) {
        int burst = body.burst() == null ? 2 * body.requestsPerSecond() : body.burst();
        if (burst < body.requestsPerSecond()) {
            return Rejections.invalid(request, "burst", "must be at least requestsPerSecond ("
                    + body.requestsPerSecond() + ")");
        }
        return change(request, id, Optional.of(new Limit(body.requestsPerSecond(), burst,
                body.concurrentRequests())));
    }

    @Operation(operationId = "resetTenantLimits", summary = "Put a tenant back on the default limits (platform admins)")
    @TenantAnswer
    @Problems.BadRequest
    @Problems.NotFound
    @Problems.Conflict
    @Consumes(MediaType.ALL)
    @Delete
    HttpResponse<?> reset(HttpRequest<?> request, @PathVariable String id) {
        return change(request, id, Optional.empty());
    }

    private HttpResponse<?> change(HttpRequest<?> request, String id, Optional<Limit> limits) {
        Optional<TenantId> tenant = AdminTenantController.tenant(id);
        return tenant.<HttpResponse<?>>map(t -> Rejections.answer(request,
                        changing.setLimits(new ChangingTenant.SetLimits(t, limits)),
                        changed -> HttpResponse.ok(AdminTenantController.TenantView.of(changed, defaults,
                                progress.of(changed)))))
                .orElseGet(() -> AdminTenantController.notFound(request));
    }
}
