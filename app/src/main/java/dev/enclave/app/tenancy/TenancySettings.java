package dev.enclave.app.tenancy;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;
import java.net.URI;
import java.time.Duration;

/** How tenant requests get their credentials ({@code enclave.tenancy.*}). */
@ConfigurationProperties("enclave.tenancy")
public interface TenancySettings {

    /** The tenant access role every tenant session assumes. */
    String getRoleArn();

    /** {@code session-policy} (an inline policy per scope) or {@code abac} (the role's policy reads the session tag). */
    @Bindable(defaultValue = "session-policy")
    String getMode();

    /** The table's ARN, which session policies name. */
    String getTableArn();

    /** STS endpoint override (the local sandbox); the regional endpoint when absent. */
    @Nullable
    URI getStsEndpoint();

    /** DynamoDB endpoint for tenant traffic (the sandbox gateway locally); the regional endpoint when absent. */
    @Nullable
    URI getDynamodbEndpoint();

    @Bindable(defaultValue = "1h")
    Duration getSessionDuration();

    @Bindable(defaultValue = "100000")
    long getMaximumCachedScopes();
}
