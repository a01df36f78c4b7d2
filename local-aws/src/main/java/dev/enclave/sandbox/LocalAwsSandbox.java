package dev.enclave.sandbox;

import dev.enclave.sandbox.gateway.DynamoDbGateway;
import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.sandbox.sts.LocalSts;
import dev.enclave.sandbox.sts.Sessions;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;

/**
 * The local AWS: DynamoDB Local in process, a {@link LocalSts} and a {@link DynamoDbGateway} that enforces the
 * policies STS bound to each set of credentials — all on 127.0.0.1. Used by the {@code local} run and by tests;
 * never started elsewhere. Closing it stops the gateway, STS and DynamoDB Local, in that order.
 */
public final class LocalAwsSandbox implements AutoCloseable {

    /** The region the sandbox pretends to be by default. */
    public static final String REGION = SandboxSettings.DEFAULT_REGION;
    /** The account the sandbox pretends to be by default. */
    public static final String ACCOUNT = SandboxSettings.DEFAULT_ACCOUNT;

    private final SandboxSettings settings;
    private final EmbeddedDynamoDb dynamoDb;
    private final LocalSts sts;
    private final DynamoDbGateway gateway;

    private LocalAwsSandbox(SandboxSettings settings, EmbeddedDynamoDb dynamoDb, LocalSts sts,
                            DynamoDbGateway gateway) {
        this.settings = settings;
        this.dynamoDb = dynamoDb;
        this.sts = sts;
        this.gateway = gateway;
    }

    /** Starts DynamoDB Local (persisted or in memory, as {@code settings} say), the local STS and the gateway. */
    public static LocalAwsSandbox start(SandboxSettings settings) {
        EmbeddedDynamoDb dynamoDb = EmbeddedDynamoDb.start(settings.dataDirectory(), 0);
        LocalSts sts = null;
        try {
            sts = new LocalSts(settings);
            DynamoDbGateway gateway = new DynamoDbGateway(settings, sts.sessions(), dynamoDb.endpoint());
            return new LocalAwsSandbox(settings, dynamoDb, sts, gateway);
        } catch (RuntimeException e) {
            if (sts != null) {
                sts.close();
            }
            dynamoDb.close();
            throw e;
        }
    }

    /**
     * Starts the sandbox in the default region and account.
     *
     * @param dataDirectory where DynamoDB Local persists; empty for in memory
     * @param rolePolicies  the assumable roles, ARN → permission policy JSON, each trusting {@code application}
     * @param clock         decides when issued credentials expire
     */
    public static LocalAwsSandbox start(Optional<Path> dataDirectory, Principal application,
                                        Map<String, String> rolePolicies, Clock clock) {
        return start(SandboxSettings.inMemory(application, rolePolicies).withDataDirectory(dataDirectory)
                .withClock(clock));
    }

    /** The STS endpoint. */
    public URI stsEndpoint() {
        return sts.endpoint();
    }

    /** The enforcing DynamoDB endpoint (the gateway) every client should use. */
    public URI dynamoDbEndpoint() {
        return gateway.endpoint();
    }

    /** DynamoDB Local itself, behind the gateway: no authentication, no policies. */
    public URI rawDynamoDbEndpoint() {
        return dynamoDb.endpoint();
    }

    /** The local STS, for its AssumeRole counts and the throttling knob. */
    public LocalSts sts() {
        return sts;
    }

    /** The gateway, for its decision counts. */
    public DynamoDbGateway gateway() {
        return gateway;
    }

    /** The sessions STS issued. */
    public Sessions sessions() {
        return sts.sessions();
    }

    /** The application principal. */
    public Principal application() {
        return settings.application();
    }

    /** The application principal's static credentials, for STS and platform clients. */
    public AwsCredentialsProvider applicationCredentials() {
        return settings.application().credentialsProvider();
    }

    /** What the sandbox was started with (region, account, roles, clock). */
    public SandboxSettings settings() {
        return settings;
    }

    @Override
    public void close() {
        try (dynamoDb; sts; gateway) {
            // closed in reverse order: the gateway, then STS, then DynamoDB Local
        }
    }
}
