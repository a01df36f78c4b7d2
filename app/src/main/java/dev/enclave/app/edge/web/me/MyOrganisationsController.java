package dev.enclave.app.edge.web.me;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.web.member.MemberView;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

/**
 * The caller's organisations across tenants, every one, with their names: the user index, page after page, on
 * credentials scoped to the caller's own {@code USER#} key. Each membership carries a copy of its organisation's name, which a rename
 * replaces in every membership before it answers; the index follows the memberships eventually, usually within
 * a fraction of a second.
 */
@Tag(name = "me")
@SignedIn
@HttpLimits
@Controller("/v1/me/orgs")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Members.class)
class MyOrganisationsController {

    private final Members members;

    MyOrganisationsController(Members members) {
        this.members = members;
    }

    @Operation(operationId = "listMyOrganisations", summary = "The organisations the caller belongs to")
    @ApiResponse(responseCode = "200", description = "The caller's organisations",
            content = @Content(mediaType = "application/json",
                schema = @Schema(implementation = MemberView.Organisations.class)))
    @Get
    MemberView.Organisations mine(Caller caller) {
        return new MemberView.Organisations(members.ofUser(caller.userKey()).stream()
                .map(MemberView.MyOrganisation::of).toList(), null);
    }
}
