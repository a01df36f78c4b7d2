package dev.enclave.app.edge.web.member;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.member.ChangingMembership;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.http.ETag;
import dev.enclave.app.edge.http.IfMatch;
import dev.enclave.app.edge.http.PageSize;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.identity.UserKey;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Optional;
import java.util.function.Function;

/** An organisation's members: a page (one Query) at a time, one member, removal and group edits. */
@Tag(name = "members")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/members")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Members.class)
class MemberController {

    private static final String IF_MATCH = "Optional: the member's ETag you read (or several, or *); the change then "
            + "applies only to a member still at that version, else 412";

    private final Members members;
    private final MemberCursors cursors;
    private final RequestAccess access;
    private final ChangingMembership changing;

    MemberController(Members members, MemberCursors cursors, RequestAccess access, ChangingMembership changing) {
        this.members = members;
        this.cursors = cursors;
        this.access = access;
        this.changing = changing;
    }

    @Operation(operationId = "removeMember", summary = "Remove a member (or leave, for yourself)")
    @ApiResponse(responseCode = "204", description = "Removed")
    @Problems.Conflict
    @Consumes(MediaType.ALL)
    @Delete("/{userId}")
    HttpResponse<?> remove(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @PathVariable String userId) {
        return access.whenGranted(request, caller, org, SystemPermissions.ORG_READ, granted -> Rejections.orNoContent(request,
                changing.remove(new ChangingMembership.Remove(granted.acting(),
                        UserKey.of(caller.issuer(), userId)))));
    }

    @Operation(operationId = "addMemberToGroup", summary = "Add a member to a group (If-Match optional)")
    @MemberAnswer
    @Problems.Conflict
    @Problems.PreconditionFailed
    @Consumes(MediaType.ALL)
    @Put("/{userId}/groups/{group}")
    HttpResponse<?> grant(HttpRequest<?> request, Caller caller, @PathVariable String org,
                          @PathVariable String userId, @PathVariable String group,
                          @Parameter(description = IF_MATCH) @Nullable @Header(HttpHeaders.IF_MATCH) String ifMatch) {
        return groupChange(request, caller, org, userId, group, ifMatch, changing::grant);
    }

    @Operation(operationId = "removeMemberFromGroup", summary = "Remove a member from a group (If-Match optional)")
    @MemberAnswer
    @Problems.Conflict
    @Problems.PreconditionFailed
    @Consumes(MediaType.ALL)
    @Delete("/{userId}/groups/{group}")
    HttpResponse<?> revoke(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @PathVariable String userId, @PathVariable String group,
                           @Parameter(description = IF_MATCH) @Nullable @Header(HttpHeaders.IF_MATCH) String ifMatch) {
        return groupChange(request, caller, org, userId, group, ifMatch, changing::revoke);
    }

    /**
     * A group edit answers the member as it is now: one read after the write, no second access decision. A name no
     * group can have is judged after the caller's access.
     */
    private HttpResponse<?> groupChange(HttpRequest<?> request, Caller caller, String org, String userId,
                                        String group, @Nullable String ifMatch, GroupEdit edit) {
        return access.whenGranted(request, caller, org, SystemPermissions.MEMBERS_MANAGE, granted -> GroupName
                .parse(group).<HttpResponse<?>>map(name -> Rejections.answer(request, edit.apply(
                        new ChangingMembership.GroupChange(granted.acting(), UserKey.of(caller.issuer(), userId),
                                userId, name, IfMatch.expected(ifMatch, granted.organisation().incarnation()))),
                        done -> member(request, granted.organisation(), caller, userId)))
                .orElseGet(() -> Rejections.toResponse(request, Reason.BAD_REQUEST,
                        "A group is " + GroupName.RULE + ".")));
    }

    /** Granting or revoking a group: {@link ChangingMembership#grant}, {@link ChangingMembership#revoke}. */
    private interface GroupEdit extends Function<ChangingMembership.GroupChange, Outcome<Void>> {
    }

    @Operation(operationId = "listMembers", summary = "List members, a page at a time")
    @JsonAnswer(description = "A page of members", body = MemberView.Page.class)
    @Get
    HttpResponse<?> list(HttpRequest<?> request, Caller caller, @PathVariable String org,
                         @Nullable @QueryValue Integer limit, @Nullable @QueryValue String cursor) {
        return access.whenGranted(request, caller, org, SystemPermissions.MEMBERS_READ, granted -> {
            Optional<PageSize> size = PageSize.requested(limit);
            if (size.isEmpty()) {
                return Rejections.toResponse(request, Reason.BAD_REQUEST, PageSize.RULE);
            }
            Optional<UserKey> after = Optional.empty();
            if (cursor != null) {
                after = cursors.decode(granted.tenant(), granted.organisation().incarnation(), cursor);
                if (after.isEmpty()) {
                    return Rejections.toResponse(request, Reason.INVALID_CURSOR,
                            "Use the nextCursor this organisation's previous page returned, unchanged.");
                }
            }
            Members.MemberPage page = members.list(granted.tenant(), granted.organisation().incarnation(), size.get().value(), after);
            return HttpResponse.ok(new MemberView.Page(page.members().stream().map(MemberView::of).toList(),
                    page.last().map(last -> cursors.encode(granted.tenant(), granted.organisation().incarnation(), last))
                            .orElse(null),
                    granted.organisation().members()));
        });
    }

    @Operation(operationId = "getMember", summary = "Read one member")
    @MemberAnswer
    @Get("/{userId}")
    HttpResponse<?> get(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String userId) {
        return access.whenGranted(request, caller, org, SystemPermissions.MEMBERS_READ, granted ->
                member(request, granted.organisation(), caller, userId));
    }

    private HttpResponse<?> member(HttpRequest<?> request, Organisation organisation, Caller caller,
                                   String userId) {
        return members.find(organisation.id(), UserKey.of(caller.issuer(), userId))
                .<HttpResponse<?>>map(m -> HttpResponse.ok(MemberView.of(m)).header(HttpHeaders.ETAG,
                        new ETag(organisation.incarnation(), m.life(), m.version()).header()))
                .orElseGet(() -> Rejections.toResponse(request, Reason.MEMBER_NOT_FOUND,
                        "No member " + userId + " in this organisation."));
    }
}
