package dev.enclave.app.edge.web.member;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.member.ChangingMembership;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Idempotent;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.ResponseHeaders;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.input.Text;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.identity.UserKey;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

/** An owner hands the owner group to another member; both changes in one transaction. */
@Tag(name = "members")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/transfer-ownership")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Members.class)
class TransferOwnershipController {

    @Serdeable
    @Schema(name = "TransferOwnership")
    record Transfer(@NotNull @Text(max = 256) String userId) {
    }

    private final RequestAccess access;
    private final ChangingMembership changing;

    TransferOwnershipController(RequestAccess access, ChangingMembership changing) {
        this.access = access;
        this.changing = changing;
    }

    @Operation(operationId = "transferOwnership", summary = "Hand the owner role to another member")
    @ApiResponse(responseCode = "204", description = "Transferred",
            headers = @io.swagger.v3.oas.annotations.headers.Header(name = "Idempotent-Replayed",
                description = ResponseHeaders.IDEMPOTENT_REPLAYED, schema = @Schema(type = "string")))
    @Problems.Conflict
    @JsonBody
    @Idempotent
    @Post
    HttpResponse<?> transfer(HttpRequest<?> request, Caller caller, @PathVariable String org,
                             @Valid @Body Transfer body) {
        return access.whenGranted(request, caller, org, SystemPermissions.MEMBERS_MANAGE, granted -> {
            Outcome<Void> outcome = changing.transferOwnership(new ChangingMembership.TransferOwnership(
                    granted.acting(), UserKey.of(caller.issuer(), body.userId()), body.userId()));
            if (outcome instanceof Outcome.Done<Void>) {
                request.setAttribute(Idempotent.CALLER_MOVED, true);
            }
            return Rejections.orNoContent(request, outcome);
        });
    }
}
