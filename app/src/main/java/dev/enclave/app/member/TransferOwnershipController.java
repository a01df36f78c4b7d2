package dev.enclave.app.member;

import dev.enclave.app.access.Requirement;
import dev.enclave.app.access.TenantAccess;
import dev.enclave.app.auth.Caller;
import dev.enclave.app.input.Text;
import dev.enclave.app.problem.Rejections;
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
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

/** An owner hands the owner group to another member; both changes in one transaction. */
@Controller("/v1/orgs/{org}/transfer-ownership")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Memberships.class)
class TransferOwnershipController {

    @Serdeable
    record Transfer(@NotNull @Text(max = 256) String userId) {
    }

    private final TenantAccess access;
    private final ChangingMembership changing;

    TransferOwnershipController(TenantAccess access, ChangingMembership changing) {
        this.access = access;
        this.changing = changing;
    }

    @Post
    HttpResponse<?> transfer(HttpRequest<?> request, Caller caller, @PathVariable String org,
                             @Valid @Body Transfer body) {
        return access.whenGranted(request, caller, org, Requirement.OWNER, granted ->
                changing.transferOwnership(granted.membership(), UserKey.of(caller.issuer(), body.userId()))
                        .<HttpResponse<?>>map(r -> Rejections.toResponse(request, r))
                        .orElseGet(HttpResponse::noContent));
    }
}
