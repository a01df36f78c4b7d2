package dev.enclave.app.credentials;

import dev.enclave.app.access.Requirement;
import dev.enclave.app.access.TenantAccess;
import dev.enclave.app.auth.Caller;
import dev.enclave.app.platform.TableSettings;
import dev.enclave.app.tenancy.TenancySettings;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.guard.GuardScope;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
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
import jakarta.validation.constraints.Pattern;
import java.util.Set;
import software.amazon.awssdk.regions.providers.AwsRegionProvider;
import software.amazon.awssdk.services.sts.model.Credentials;

/**
 * Hands an organisation's trusted backend its own scoped credentials: owners and admins only, fresh from STS
 * (15 minutes), confined by the same session policy as Enclave's own requests for the tenant.
 */
@Controller("/v1/orgs/{org}/credentials")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = {TenantCredentials.class, TenantAccess.class})
class CredentialsController {

    @Serdeable
    record CredentialsRequest(@Nullable @Pattern(regexp = "read|readwrite",
            message = "must be read or readwrite") String access) {
    }

    @Serdeable
    record ScopedCredentials(String accessKeyId, String secretAccessKey, String sessionToken, String expiration,
                             String region, String endpoint, String tableName, String keyPrefix, String access) {
    }

    private final TenantAccess access;
    private final TenantCredentials credentials;
    private final TenancySettings tenancy;
    private final TableSettings table;
    private final AwsRegionProvider region;

    CredentialsController(TenantAccess access, TenantCredentials credentials, TenancySettings tenancy,
                          TableSettings table, AwsRegionProvider region) {
        this.access = access;
        this.credentials = credentials;
        this.tenancy = tenancy;
        this.table = table;
        this.region = region;
    }

    @Post
    HttpResponse<?> issue(HttpRequest<?> request, Caller caller, @PathVariable String org,
                          @Valid @Nullable @Body CredentialsRequest body) {
        return access.whenGranted(request, caller, org, Requirement.ADMIN, granted -> {
            boolean readOnly = body == null || body.access() == null || body.access().equals("read");
            String prefix = LeadingKeyPrefix.tenant(granted.tenant()).value();
            Credentials issued = credentials.vend(GuardScope.of(Set.of(prefix), readOnly),
                    "enclave-" + granted.membership().user().digest());
            String regionName = region.getRegion().id();
            return HttpResponse.ok(new ScopedCredentials(issued.accessKeyId(), issued.secretAccessKey(),
                    issued.sessionToken(), issued.expiration().toString(), regionName, endpoint(regionName),
                    table.getName(), prefix, readOnly ? "read" : "readwrite"));
        });
    }

    private String endpoint(String regionName) {
        return tenancy.getDynamodbEndpoint() != null ? tenancy.getDynamodbEndpoint().toString()
                : "https://dynamodb." + regionName + ".amazonaws.com";
    }
}
