package dev.enclave.app.edge.web.credentials;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.access.CredentialsEvents;
import dev.enclave.app.domain.event.EventRecorder;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.contract.WireTime;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.infra.vending.DataNamespaces;
import dev.enclave.iam.policy.Access;
import dev.enclave.openapi.JsonAnswer;
import dev.enclave.tenancy.credentials.HandedOutCredentials;
import dev.enclave.tenancy.credentials.IssuedCredentials;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Pattern;
import java.util.Optional;

/**
 * Hands an owner or admin credentials for the organisation's data namespace: fresh from STS (15 minutes), confined
 * by IAM to {@code TENANT#<org>#DATA#<incarnation>#} on the table alone, never an index key — Enclave's own items
 * stay out of reach. The answer says where and how to use them.
 */
@Tag(name = "credentials")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/credentials")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = {HandedOutCredentials.class, RequestAccess.class})
class CredentialsController {

    @Serdeable
    @Schema(name = "CredentialsRequest")
    record CredentialsRequest(@Nullable @Pattern(regexp = "read|readwrite",
            message = "must be read or readwrite") String access) {
    }

    @Serdeable
    @Schema(name = "ScopedCredentials")
    record ScopedCredentials(String accessKeyId, String secretAccessKey, String sessionToken, String expiration,
                             String region, String endpoint, String tableName, String keyPrefix,
                             String partitionKey, String sortKey, java.util.List<String> forbiddenAttributes,
                             String access) {

        static ScopedCredentials of(IssuedCredentials issued, DataNamespaceView where) {
            return new ScopedCredentials(issued.accessKeyId(), issued.secretAccessKey(), issued.sessionToken(),
                    WireTime.of(issued.expiration()), where.region(), where.endpoint(), where.tableName(),
                    where.keyPrefix(), where.partitionKey(), where.sortKey(), where.forbiddenAttributes(),
                    where.access());
        }
    }

    private final RequestAccess access;
    private final HandedOutCredentials credentials;
    private final DataNamespaces namespaces;
    private final EventRecorder events;

    CredentialsController(RequestAccess access, HandedOutCredentials credentials, DataNamespaces namespaces,
                          EventRecorder events) {
        this.access = access;
        this.credentials = credentials;
        this.namespaces = namespaces;
        this.events = events;
    }

    @Operation(operationId = "issueCredentials",
            summary = "AWS credentials confined to the organisation's data namespace")
    @JsonAnswer(description = "Credentials and the namespace they reach", body = ScopedCredentials.class)
    @JsonBody
    @Consumes(MediaType.ALL)
    @Post
    HttpResponse<?> issue(HttpRequest<?> request, Caller caller, @PathVariable String org,
                          @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                  schema = @Schema(implementation = CredentialsRequest.class)))
                          @Valid @Nullable @Body CredentialsRequest body) {
        return access.whenGranted(request, caller, org, SystemPermissions.CREDENTIALS_ISSUE, granted -> {
            Access level = DataNamespaceView.access(body == null ? null : body.access());
            Organisation organisation = granted.organisation();
            IssuedCredentials issued = credentials.fresh(granted.tenant(), organisation.incarnation(), level,
                    "enclave-" + granted.membership().user().digest());
            EventRecorder.Recorded recorded = events.record(granted.tenant(), organisation.incarnation(),
                    CredentialsEvents.issued(granted.tenant().value(), DataNamespaceView.wire(level),
                            request.getPath(), issued.expiration()), Optional.empty());
            if (recorded == EventRecorder.Recorded.NOT_ACTIVE) {
                return Rejections.toResponse(request, Reason.ORGANISATION_SUSPENDED, "The organisation is suspended.");
            }
            if (recorded != EventRecorder.Recorded.RECORDED) {
                return Rejections.toResponse(request, Reason.ORGANISATION_NOT_FOUND, "The organisation is gone.");
            }
            return HttpResponse.ok(ScopedCredentials.of(issued,
                    DataNamespaceView.of(namespaces.describe(granted.tenant(), organisation.incarnation(), level))));
        });
    }
}
