package dev.enclave.bench.server;

import dev.enclave.app.infra.vending.ConsumedCapacityMetrics;
import dev.enclave.app.infra.vending.CurrentRoute;
import dev.enclave.app.infra.vending.TenancySettings;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.regions.providers.AwsRegionProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The benchmark's unscoped baseline: the same application and workflows, but every tenant's traffic goes through
 * one client on the application's own static credentials — no STS, no session policy, no guard — the way a
 * multi-tenant app without isolation would work. It exists only in this module and only in the
 * {@value #ENVIRONMENT} environment; a normal run cannot reach it. The consumed-capacity metrics stay, as they are
 * not part of isolation.
 */
@Factory
@Requires(env = UnscopedBaseline.ENVIRONMENT)
final class UnscopedBaseline {

    /** The environment that swaps the tenant clients for the baseline. */
    static final String ENVIRONMENT = "bench-unscoped";

    @Singleton
    @Replaces(TenantDynamoDb.class)
    @Bean(preDestroy = "close")
    TenantDynamoDb unscopedTenantDynamoDb(TenancySettings settings, SdkHttpClient http, AwsRegionProvider region,
                                          AwsCredentialsProvider applicationCredentials, MeterRegistry meters,
                                          CurrentRoute route) {
        DynamoDbClient client = DynamoDbClient.builder()
                .httpClient(http)
                .region(region.getRegion())
                .credentialsProvider(applicationCredentials)
                .endpointOverride(settings.getDynamodbEndpoint())
                .overrideConfiguration(o -> o.addExecutionInterceptor(new ConsumedCapacityMetrics(meters, route)))
                .build();
        return new OneClient(client);
    }

    /** Every scope gets the same client. */
    private record OneClient(DynamoDbClient client) implements TenantDynamoDb {

        @Override
        public DynamoDbClient forScope(GuardScope scope) {
            return client;
        }

        @Override
        public void close() {
            client.close();
        }
    }
}
