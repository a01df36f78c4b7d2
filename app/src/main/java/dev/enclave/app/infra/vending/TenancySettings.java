package dev.enclave.app.infra.vending;

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

    /** The longest one DynamoDB attempt may take before it is abandoned and, within the call's time, retried. */
    @Bindable(defaultValue = "2s")
    Duration getDynamodbAttemptTimeout();

    /** The longest a DynamoDB call may take, retries included; a request that needed it then answers 503. */
    @Bindable(defaultValue = "5s")
    Duration getDynamodbCallTimeout();

    /** Attempts per DynamoDB call, the first included: throttling, 5xx and dropped connections are retried. */
    @Bindable(defaultValue = "4")
    int getDynamodbMaxAttempts();
}
