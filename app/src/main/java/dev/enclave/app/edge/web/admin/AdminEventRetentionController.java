package dev.enclave.app.edge.web.admin;

import dev.enclave.app.domain.onboarding.ChangingTenant;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.problem.Rejections;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Put;
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

/**
 * How long a tenant keeps its events, set by platform admins over the default ({@code enclave.events.retention-days}):
 * events recorded from then on expire that many days after they were recorded.
 */
@Tag(name = "admin")
@SignedIn
@Problems.Forbidden
@HttpLimits
@Controller("/v1/admin/tenants/{id}/event-retention")
@Secured(AdminTenantController.PLATFORM_ADMIN)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Organisations.class)
class AdminEventRetentionController {

    @Serdeable
    @Schema(name = "EventRetention")
    record RetentionRequest(@NotNull @Min(1) @Max(ChangingTenant.MAX_RETENTION_DAYS) Integer days) {
    }

    private final ChangingTenant changing;

    AdminEventRetentionController(ChangingTenant changing) {
        this.changing = changing;
    }

    @Operation(operationId = "setTenantEventRetention",
            summary = "Keep a tenant's events from now on for this many days, 1 to 365 (platform admins)")
    @ApiResponse(responseCode = "204", description = "Set")
    @Problems.BadRequest
    @Problems.NotFound
    @JsonBody
    @Problems.Conflict
    @Put
    HttpResponse<?> set(HttpRequest<?> request, @PathVariable String id, @Valid @Body RetentionRequest body) {
        return AdminTenantController.tenant(id).<HttpResponse<?>>map(tenant -> Rejections.orNoContent(request,
                        changing.setEventRetention(new ChangingTenant.SetEventRetention(tenant, body.days()))))
                .orElseGet(() -> AdminTenantController.notFound(request));
    }
}
