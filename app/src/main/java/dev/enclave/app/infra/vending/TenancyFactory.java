package dev.enclave.app.infra.vending;

import dev.enclave.app.infra.store.TransactionOutcome;

import dev.enclave.iam.policy.TableArn;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.credentials.HandedOutCredentials;
import dev.enclave.tenancy.credentials.SessionPolicies;
import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.credentials.VendingSettings;
import dev.enclave.tenancy.guard.KeyGuard;
import dev.enclave.tenancy.guard.TenantGuardInterceptor;
import dev.enclave.tenancy.guard.ViolationListener;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.regions.providers.AwsRegionProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.sts.StsClient;
import software.amazon.awssdk.services.sts.StsClientBuilder;

/**
 * Wires tenant isolation: the STS client that vends tenant credentials (on the application's own credentials,
 * retrying throttling with backoff), the credential cache, and the one shared tenant-traffic DynamoDB client with
 * the guard in its pipeline, bounded in time: each attempt and each call has a timeout, and throttling, 5xx and
 * dropped connections are retried with exponential backoff and jitter (the SDK's standard strategy) within them.
 * Every collaborator shares the application's one HTTP client.
 */
@Factory
@Requires(property = "enclave.tenancy.role-arn")
final class TenancyFactory {

    private static final Logger LOG = LoggerFactory.getLogger("enclave.isolation");

    @Singleton
    @Named("tenancy")
    @Bean(preDestroy = "close")
    StsClient tenancySts(TenancySettings settings, SdkHttpClient http, AwsCredentialsProvider applicationCredentials,
                         AwsRegionProvider region) {
        StsClientBuilder builder = StsClient.builder()
                .httpClient(http)
                .region(region.getRegion())
                .credentialsProvider(applicationCredentials)
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD));
        if (settings.getStsEndpoint() != null) {
            builder.endpointOverride(settings.getStsEndpoint());
        }
        return builder.build();
    }

    @Singleton
    @Bean(preDestroy = "close")
    TenantCredentials tenantCredentials(@Named("tenancy") StsClient sts, TenancySettings settings,
                                        SessionPolicies policies) {
        Duration duration = settings.getSessionDuration();
        return new TenantCredentials(sts, new VendingSettings(settings.getRoleArn(), duration, Duration.ofMinutes(5),
                Duration.ofMinutes(1), settings.getMaximumCachedScopes(), duration), policies);
    }

    /**
     * Credentials that leave Enclave, confined to a data namespace. Polled credentials live
     * {@code enclave.backends.session-duration} and are handed out with at least a third of it left, so an AWS
     * SDK (which refreshes 15 minutes ahead of expiry) polls again only after minutes, not on every call.
     */
    @Singleton
    @Bean(preDestroy = "close")
    HandedOutCredentials handedOutCredentials(@Named("tenancy") StsClient sts, TenancySettings settings,
                                              BackendSettings backends) {
        Duration duration = backends.getSessionDuration();
        return new HandedOutCredentials(sts, new VendingSettings(settings.getRoleArn(), duration,
                duration.dividedBy(2), duration.dividedBy(3), settings.getMaximumCachedScopes(), duration),
                new TableArn(settings.getTableArn()), TableDesign.ENCLAVE);
    }

    @Singleton
    @Bean(preDestroy = "close")
    TenantDynamoDb tenantDynamoDb(TenancySettings settings, SdkHttpClient http, AwsRegionProvider region,
                                  TenantCredentials credentials, MeterRegistry meters, CurrentRoute route) {
        ViolationListener listener = violation -> {
            meters.counter("enclave.isolation.guard.refused",
                    "operation", violation.operation(), "reason", violation.reason()).increment();
            LOG.error("guard refused operation={} reason={} detail={}", violation.operation(), violation.reason(),
                    violation.detail());
        };
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .httpClient(http)
                .region(region.getRegion())
                .credentialsProvider(NoCredentialsOfItsOwn.INSTANCE)
                .overrideConfiguration(o -> o
                        .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                                .retryOnException(TransactionOutcome::conflicted)
                                .maxAttempts(settings.getDynamodbMaxAttempts()).build())
                        .apiCallAttemptTimeout(settings.getDynamodbAttemptTimeout())
                        .apiCallTimeout(settings.getDynamodbCallTimeout())
                        .addExecutionInterceptor(new TenantGuardInterceptor(new KeyGuard(TableDesign.ENCLAVE),
                                listener))
                        .addExecutionInterceptor(new ConsumedCapacityMetrics(meters, route)));
        if (settings.getDynamodbEndpoint() != null) {
            builder.endpointOverride(settings.getDynamodbEndpoint());
        }
        return TenantDynamoDb.scoped(builder.build(), credentials);
    }
}
