package dev.enclave.app.edge.web.organisation;

import dev.enclave.app.domain.access.AccessDecision;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.founding.CreatingOrganisation;
import dev.enclave.app.domain.organisation.DeletingOrganisation;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.organisation.RenamingOrganisation;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.profile.ChangingProfile;
import dev.enclave.app.domain.profile.ProfileCopy;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Idempotent;
import dev.enclave.app.edge.contract.IfMatchRequired;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.http.IfMatch;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.infra.jobs.JobProgress;
import dev.enclave.identity.TenantId;
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
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import java.net.URI;
import java.util.Optional;

/** Creating, reading, renaming and deleting organisations. */
@Tag(name = "organisations")
@SignedIn
@HttpLimits
@Controller("/v1/orgs")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Organisations.class)
class OrganisationController {

    private final CreatingOrganisation creating;
    private final RenamingOrganisation renaming;
    private final DeletingOrganisation deleting;
    private final JobProgress progress;
    private final RequestAccess access;
    private final ChangingProfile profiles;

    OrganisationController(CreatingOrganisation creating, RenamingOrganisation renaming, DeletingOrganisation deleting,
                           JobProgress progress, RequestAccess access, ChangingProfile profiles) {
        this.profiles = profiles;
        this.creating = creating;
        this.renaming = renaming;
        this.deleting = deleting;
        this.progress = progress;
        this.access = access;
    }

    @Operation(operationId = "createOrganisation",
            summary = "Create an organisation (a tenant); the caller becomes its owner")
    @JsonAnswer(status = "201", description = "The organisation", body = OrganisationView.class, etag = true,
            location = true, replayable = true)
    @Problems.Forbidden
    @JsonBody
    @Idempotent
    @Post
    HttpResponse<?> create(HttpRequest<?> request, Caller caller, @Valid @Body OrganisationRequests.Create body,
                           @Parameter(hidden = true) @Nullable @Header("Idempotency-Key") String idempotencyKey) {
        TenantId id = TenantId.of(body.id());
        if (caller.tenant().isPresent() && !caller.tenant().get().equals(id)) {
            return Rejections.toResponse(request, Reason.TENANT_MISMATCH,
                    "Your token is bound to tenant " + caller.tenant().get().value() + ".");
        }
        ProfileCopy copied = profiles.current(caller.userKey(), caller.profile()).copy();
        CreatingOrganisation.Create command = new CreatingOrganisation.Create(caller, id, body.name(),
                Optional.ofNullable(idempotencyKey), copied);
        Outcome<Organisation> outcome = creating.create(command);
        if (idempotencyKey != null && outcome instanceof Outcome.Refused<Organisation> refused
                && refused.refusal().reason() == Reason.ORGANISATION_EXISTS) {
            return replay(request, command);
        }
        return Rejections.answer(request, outcome, created -> {
            profiles.joined(id, caller.userKey(), copied);
            return createdResponse(created);
        });
    }

    /**
     * A retried create (same Idempotency-Key): when it founded this organisation with this name (whatever it is
     * called now), for this caller, who still owns it, the organisation as it is now, marked replayed; the key
     * reused for a different body is 422; an organisation this request did not found (someone else's, or the caller's
     * own created under another key) is 409.
     */
    private HttpResponse<?> replay(HttpRequest<?> request, CreatingOrganisation.Create command) {
        TenantId id = command.id();
        HttpResponse<?> taken = Rejections.toResponse(request, Reason.ORGANISATION_EXISTS,
                "The id " + id.value() + " is taken.");
        if (!(access.decide(request, command.caller(), id.value(), SystemPermissions.ORG_READ)
                instanceof AccessDecision.Granted owner) || !owner.membership().isOwner()) {
            return taken;
        }
        return switch (creating.foundedBy(command, owner.organisation())) {
            case NOT_BY_IT -> taken;
            case BY_IT_WITH_ANOTHER_BODY -> Rejections.toResponse(request, Reason.IDEMPOTENCY_KEY_REUSED,
                    "That Idempotency-Key created something else; send a new key for a different request.");
            case BY_IT -> createdResponse(owner.organisation()).header("Idempotent-Replayed", "true");
        };
    }

    private static MutableHttpResponse<?> createdResponse(Organisation organisation) {
        return HttpResponse.created(OrganisationView.of(organisation),
                        URI.create("/v1/orgs/" + organisation.id().value()))
                .header(HttpHeaders.ETAG, OrganisationView.etag(organisation).header());
    }

    /** The organisation as it is now, with its background job if one runs, and its version as the ETag. */
    private HttpResponse<?> answer(Organisation organisation) {
        return HttpResponse.ok(OrganisationView.of(organisation, progress.of(organisation)))
                .header(HttpHeaders.ETAG, OrganisationView.etag(organisation).header());
    }

    @Operation(operationId = "getOrganisation", summary = "Read an organisation")
    @JsonAnswer(description = "The organisation", body = OrganisationView.class, etag = true)
    @InOrganisation
    @Get("/{org}")
    HttpResponse<?> get(HttpRequest<?> request, Caller caller, @PathVariable String org) {
        return access.whenGranted(request, caller, org, SystemPermissions.ORG_READ, granted -> answer(granted.organisation()));
    }

    @Operation(operationId = "renameOrganisation", summary = "Rename an organisation (If-Match required)")
    @JsonAnswer(description = "The renamed organisation", body = OrganisationView.class, etag = true)
    @IfMatchRequired
    @InOrganisation
    @JsonBody
    @Problems.Conflict
    @Patch("/{org}")
    HttpResponse<?> rename(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @Valid @Body OrganisationRequests.Rename body,
                           @Parameter(description = IfMatchRequired.PARAMETER, required = true)
                           @Nullable @Header(HttpHeaders.IF_MATCH) String ifMatch) {
        AccessDecision decision = access.decide(request, caller, org, SystemPermissions.ORG_MANAGE);
        if (!(decision instanceof AccessDecision.Granted granted)) {
            return Rejections.toResponse(request, ((AccessDecision.Refused) decision).refusal());
        }
        Optional<ExpectedVersion> expected = IfMatch.expected(ifMatch, granted.organisation().incarnation());
        if (expected.isEmpty()) {
            return Rejections.toResponse(request, Reason.PRECONDITION_REQUIRED,
                    "Send If-Match with the ETag from GET /v1/orgs/" + org + ".");
        }
        return Rejections.answer(request, renaming.rename(new RenamingOrganisation.Rename(granted.organisation(),
                body.name(), expected.get())), renamed -> HttpResponse.ok(OrganisationView.of(renamed,
                progress.of(renamed))).header(HttpHeaders.ETAG, OrganisationView.etag(renamed).header()));
    }

    @Operation(operationId = "deleteOrganisation", summary = "Delete an organisation and everything in it",
            description = "The organisation answers as gone at once, to everyone, and nothing can be added to it; its"
                    + " items are removed in the background, the organisation item last. Its id can be taken again"
                    + " once that has finished (until then, creating it answers 409 organisation-being-deleted)."
                    + " Deleting again meanwhile answers 202 as well.")
    @ApiResponse(responseCode = "202", description = "Marked deleted; the removal of its items goes on")
    @InOrganisation
    @Consumes(MediaType.ALL)
    @Delete("/{org}")
    HttpResponse<?> delete(HttpRequest<?> request, Caller caller, @PathVariable String org) {
        return access.whenGranted(request, caller, org, SystemPermissions.ORG_DELETE, granted -> Rejections.answer(request,
                deleting.delete(new DeletingOrganisation.Delete(granted.organisation())),
                done -> HttpResponse.accepted()));
    }
}
