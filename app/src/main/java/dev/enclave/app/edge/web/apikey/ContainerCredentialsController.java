package dev.enclave.app.edge.web.apikey;

import dev.enclave.app.domain.access.CredentialsEvents;
import dev.enclave.app.domain.apikey.AuthenticatingApiKey;
import dev.enclave.app.domain.event.EventRecorder;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.WireTime;
import dev.enclave.app.edge.contract.WithApiKey;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.ApiKeyCallers;
import dev.enclave.app.edge.web.credentials.DataNamespaceView;
import dev.enclave.app.infra.vending.DataNamespaces;
import dev.enclave.iam.policy.Access;
import dev.enclave.openapi.JsonAnswer;
import dev.enclave.tenancy.credentials.HandedOutCredentials;
import dev.enclave.tenancy.credentials.IssuedCredentials;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A tenant's backend, identified by an organisation API key, gets data-namespace credentials the way every AWS SDK
 * and the AWS CLI fetch them in containers: with {@code AWS_CONTAINER_CREDENTIALS_FULL_URI} set to
 * {@code <enclave>/v1/backend/credentials} and {@code AWS_CONTAINER_AUTHORIZATION_TOKEN} to the key, the SDK sends
 * the key as the {@code Authorization} header and refreshes by itself before expiry. Credentials are cached per
 * data namespace and access level, so polling costs no AssumeRole.
 */
@Tag(name = "backend")
@WithApiKey
@HttpLimits
@Controller("/v1/backend")
@Secured(SecurityRule.IS_ANONYMOUS)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = {AuthenticatingApiKey.class, HandedOutCredentials.class, DataNamespaces.class})
class ContainerCredentialsController {

    /**
     * The container credentials provider's answer, field names as the AWS SDKs read them. All four are always sent;
     * the document does not list them as required, because clients generated from it (openapi-generator's
     * typescript-fetch 7.23.0) emit type checks for required capitalised names that fail {@code tsc --strict}.
     */
    @Serdeable
    @Schema(name = "ContainerCredentials", description = CREDENTIALS)
    record ContainerCredentials(
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, description = "The access key id")
            String AccessKeyId,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, description = "The secret access key")
            String SecretAccessKey,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, description = "The session token") String Token,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, description = "When they expire (RFC 3339, UTC)")
            String Expiration) {
    }

    private static final String CREDENTIALS = "The container credentials provider's answer, field names as the AWS "
            + "SDKs read them. All four fields are always present.";

    private final ApiKeyCallers callers;
    private final HandedOutCredentials credentials;
    private final DataNamespaces namespaces;
    private final EventRecorder events;
    private final KeyHandouts handouts;

    ContainerCredentialsController(ApiKeyCallers callers, HandedOutCredentials credentials,
                                   DataNamespaces namespaces, EventRecorder events, KeyHandouts handouts) {
        this.events = events;
        this.handouts = handouts;
        this.callers = callers;
        this.credentials = credentials;
        this.namespaces = namespaces;
    }

    @Operation(operationId = "getContainerCredentials",
            summary = "AWS credentials for an API key, in the AWS container-credentials format")
    @JsonAnswer(description = "Credentials", body = ContainerCredentials.class)
    @Problems.BadRequest
    @Problems.Forbidden
    @Get("/credentials")
    HttpResponse<?> credentials(HttpRequest<?> request,
            @Parameter(hidden = true) @Nullable @Header(HttpHeaders.AUTHORIZATION) String key) {
        return whenTakingCredentials(request, key, (granted, access) -> {
            IssuedCredentials issued = credentials.cached(granted.key().tenant(), granted.organisation().incarnation(),
                    access);
            EventRecorder.Recorded recorded = handouts.recordOnce(granted.key().id(), issued, () -> events.record(
                    granted.key().tenant(), granted.organisation().incarnation(), CredentialsEvents.issued(
                            granted.key().tenant().value(), DataNamespaceView.wire(access), request.getPath(),
                            issued.expiration()), Optional.empty()));
            if (recorded == EventRecorder.Recorded.NOT_ACTIVE) {
                return Rejections.toResponse(request, Reason.ORGANISATION_SUSPENDED,
                        "The organisation is suspended; its API keys get no credentials.");
            }
            if (recorded != EventRecorder.Recorded.RECORDED) {
                return Rejections.toResponse(request, Reason.INVALID_API_KEY, "The API key's organisation is gone.");
            }
            return HttpResponse.ok(new ContainerCredentials(issued.accessKeyId(), issued.secretAccessKey(),
                    issued.sessionToken(), WireTime.of(issued.expiration())));
        });
    }

    /** Where the key's credentials work: the table, the data prefix, the key attributes and what is refused. */
    @Operation(operationId = "describeNamespace", summary = "The data namespace an API key's credentials reach")
    @JsonAnswer(description = "The namespace", body = DataNamespaceView.class)
    @Problems.BadRequest
    @Problems.Forbidden
    @Get("/namespace")
    HttpResponse<?> namespace(HttpRequest<?> request,
            @Parameter(hidden = true) @Nullable @Header(HttpHeaders.AUTHORIZATION) String key) {
        return whenTakingCredentials(request, key, (granted, access) -> HttpResponse.ok(DataNamespaceView.of(
                namespaces.describe(granted.key().tenant(), granted.organisation().incarnation(), access))));
    }

    /** As {@link #whenAuthenticated}, for a key that takes credentials: one with access none is refused. */
    private HttpResponse<?> whenTakingCredentials(HttpRequest<?> request, @Nullable String key,
            BiFunction<AuthenticatingApiKey.Authenticated, Access, HttpResponse<?>> action) {
        return whenAuthenticated(request, key, granted -> granted.key().access().credentials()
                .<HttpResponse<?>>map(access -> action.apply(granted, access))
                .orElseGet(() -> Rejections.toResponse(request, Reason.MISSING_ROLE, "The API key was created with "
                        + "access none: it reads the event feed or the audit log, and takes no credentials.")));
    }

    private HttpResponse<?> whenAuthenticated(HttpRequest<?> request, @Nullable String key,
                                              Function<AuthenticatingApiKey.Authenticated, HttpResponse<?>> action) {
        return Rejections.answer(request, callers.authenticate(request, key), action);
    }
}
