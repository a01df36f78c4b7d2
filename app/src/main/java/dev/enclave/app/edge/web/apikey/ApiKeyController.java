package dev.enclave.app.edge.web.apikey;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyAccess;
import dev.enclave.app.domain.apikey.ApiKeyPermission;
import dev.enclave.app.domain.apikey.ApiKeys;
import dev.enclave.app.domain.apikey.CreatingApiKey;
import dev.enclave.app.domain.apikey.RevokingApiKey;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.contract.WireTime;
import dev.enclave.app.edge.input.Text;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.edge.web.credentials.DataNamespaceView;
import dev.enclave.app.infra.vending.DataNamespaces;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
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
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * An organisation's API keys (owners and admins): create one (its secret is in this answer and nowhere else),
 * list them (never a secret), revoke one. A key gets its backend data-namespace credentials from
 * {@code GET /v1/backend/credentials}.
 */
@Tag(name = "api-keys")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/api-keys")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = {ApiKeys.class, RequestAccess.class, DataNamespaces.class})
class ApiKeyController {

    @Serdeable
    @Schema(name = "CreateApiKey")
    record CreateApiKey(@NotNull @Text(max = 100) String name,
                        @Schema(description = "The credentials the key takes for the organisation's data: none (a "
                                + "key for the event feed or the audit log only), read or readwrite")
                        @NotNull @Pattern(regexp = ApiKeyAccess.PATTERN, message = "must be none, read or readwrite")
                        String access,
                        @Nullable @Min(1) @Max(3650) Integer expiresInDays,
                        @Schema(description = "What the key may do besides obtaining credentials")
                        @Nullable @Size(max = 3) List<@NotNull @Pattern(regexp = ApiKeyPermission.PATTERN,
                                message = "must be events:read, audit_log:read or audit_log:write") String> permissions) {

        Set<ApiKeyPermission> granted() {
            return permissions == null ? Set.of() : permissions.stream().map(wire -> ApiKeyPermission.parse(wire)
                    .orElseThrow()).collect(Collectors.toSet());
        }
    }

    @Serdeable
    @Schema(name = "ApiKey")
    record ApiKeyView(String id, String name, String access, String createdBy, String createdAt,
                      @Nullable String expiresAt, @Nullable String lastUsedAt, List<String> permissions) {

        static ApiKeyView of(ApiKey key) {
            return new ApiKeyView(key.id().value(), key.name(), key.access().wire(), key.createdBy(),
                    WireTime.of(key.createdAt()), text(key.expiresAt()), text(key.lastUsedAt()), wire(key));
        }
    }

    static List<String> wire(ApiKey key) {
        return key.permissions().stream().map(ApiKeyPermission::wire).sorted().toList();
    }

    @Serdeable
    @Schema(name = "CreatedApiKey")
    record CreatedApiKey(String id, String name, String access, String createdBy, String createdAt,
                         @Nullable String expiresAt, String secret,
                         @JsonInclude(JsonInclude.Include.NON_NULL)
                         @Schema(description = "Where its credentials work; absent for a key with access none",
                                 requiredMode = Schema.RequiredMode.NOT_REQUIRED)
                         DataNamespaceView dataNamespace,
                         List<String> permissions) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "ApiKeyPage")
    record ApiKeyList(List<ApiKeyView> items, @Nullable String nextCursor) {
    }

    private final RequestAccess access;
    private final CreatingApiKey creating;
    private final RevokingApiKey revoking;
    private final ApiKeys keys;
    private final DataNamespaces namespaces;

    ApiKeyController(RequestAccess access, CreatingApiKey creating, RevokingApiKey revoking, ApiKeys keys,
                     DataNamespaces namespaces) {
        this.access = access;
        this.creating = creating;
        this.revoking = revoking;
        this.keys = keys;
        this.namespaces = namespaces;
    }

    @Operation(operationId = "createApiKey",
            summary = "Create an API key for the organisation's backend (the secret is shown once)")
    @JsonAnswer(status = "201", description = "The key and its secret", body = CreatedApiKey.class, location = true)
    @Problems.Conflict
    @JsonBody
    @Post
    HttpResponse<?> create(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @Valid @Body CreateApiKey body) {
        return access.whenGranted(request, caller, org, SystemPermissions.API_KEYS_MANAGE, granted -> {
            ApiKeyAccess level = ApiKeyAccess.parse(body.access()).orElseThrow();
            CreatingApiKey.Command command = new CreatingApiKey.Command(granted.organisation(), body.name(), level,
                    Optional.ofNullable(body.expiresInDays()), caller.subject(), granted.membership().user(),
                    granted.membership().joinedAt(), granted.holding(), body.granted());
            RequestAccess.actingOn(request, granted, granted.holding().authorityToHandOn(
                    SystemPermissions.API_KEYS_MANAGE, command.handedOn()));
            return Rejections.answer(request, creating.create(command),
                    created -> {
                        ApiKey key = created.key();
                        return HttpResponse.created(new CreatedApiKey(key.id().value(), key.name(), body.access(),
                                key.createdBy(), WireTime.of(key.createdAt()), text(key.expiresAt()),
                                created.secret().reveal(), level.credentials().map(credentials -> DataNamespaceView.of(
                                namespaces.describe(granted.tenant(), granted.organisation().incarnation(),
                                        credentials))).orElse(null), wire(key)),
                                URI.create(request.getPath() + "/" + key.id().value()));
                    });
        });
    }

    @Operation(operationId = "listApiKeys", summary = "List the organisation's API keys (never their secrets)")
    @JsonAnswer(description = "The keys", body = ApiKeyList.class)
    @Get
    HttpResponse<?> list(HttpRequest<?> request, Caller caller, @PathVariable String org) {
        return access.whenGranted(request, caller, org, SystemPermissions.API_KEYS_MANAGE, granted -> HttpResponse.ok(
                new ApiKeyList(keys.list(granted.tenant(), granted.organisation().incarnation()).stream().map(ApiKeyView::of).toList(), null)));
    }

    @Operation(operationId = "revokeApiKey", summary = "Revoke an API key")
    @ApiResponse(responseCode = "204", description = "Revoked")
    @Consumes(MediaType.ALL)
    @Delete("/{keyId}")
    HttpResponse<?> revoke(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @PathVariable String keyId) {
        return access.whenGranted(request, caller, org, SystemPermissions.API_KEYS_MANAGE, granted ->
                Rejections.orNoContent(request, revoking.revoke(new RevokingApiKey.Revoke(granted.tenant(),
                        granted.organisation().incarnation(), keyId))));
    }

    private static String text(Optional<Instant> instant) {
        return WireTime.ofNullable(instant);
    }

}
