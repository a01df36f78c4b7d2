package dev.enclave.tenancy.sandbox;

import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The local AWS: DynamoDB Local in process, a local STS and a DynamoDB gateway that enforces the policies STS bound
 * to each set of credentials. Used by the {@code local} run and by tests; never started elsewhere.
 */
public final class LocalAwsSandbox implements AutoCloseable {

    /** The region the sandbox pretends to be. */
    public static final String REGION = "us-east-1";
    /** The account the sandbox pretends to be. */
    public static final String ACCOUNT = "000000000000";

    private final EmbeddedDynamoDb dynamoDb;
    private final DynamoDbClient schemaReader;
    private final Sessions sessions = new Sessions();
    private final LocalSts sts;
    private final DynamoDbGateway gateway;
    private final Principal application;

    private LocalAwsSandbox(EmbeddedDynamoDb dynamoDb, Principal application, Map<String, String> rolePolicies,
                            Clock clock) {
        this.dynamoDb = dynamoDb;
        this.application = application;
        this.schemaReader = DynamoDbClient.builder().endpointOverride(dynamoDb.endpoint()).region(Region.of(REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        application.accessKeyId(), application.secretAccessKey())))
                .httpClient(UrlConnectionHttpClient.create()).build();
        this.sts = new LocalSts(application, rolePolicies, sessions, clock, ACCOUNT);
        this.gateway = new DynamoDbGateway(application, rolePolicies, sessions, clock, REGION, ACCOUNT,
                dynamoDb.endpoint(), new KeySchemas(schemaReader));
    }

    /**
     * Starts the sandbox.
     *
     * @param dataDirectory where DynamoDB Local persists; empty for in memory
     * @param rolePolicies  the assumable roles, ARN → permission policy JSON
     */
    public static LocalAwsSandbox start(Optional<Path> dataDirectory, Principal application,
                                        Map<String, String> rolePolicies, Clock clock) {
        EmbeddedDynamoDb dynamoDb = EmbeddedDynamoDb.start(dataDirectory, 0);
        try {
            return new LocalAwsSandbox(dynamoDb, application, rolePolicies, clock);
        } catch (RuntimeException e) {
            dynamoDb.close();
            throw e;
        }
    }

    /** The STS endpoint. */
    public URI stsEndpoint() {
        return sts.endpoint();
    }

    /** The enforcing DynamoDB endpoint every client should use. */
    public URI dynamoDbEndpoint() {
        return gateway.endpoint();
    }

    /** DynamoDB Local itself, behind the gateway. */
    public URI rawDynamoDbEndpoint() {
        return dynamoDb.endpoint();
    }

    public LocalSts sts() {
        return sts;
    }

    public DynamoDbGateway gateway() {
        return gateway;
    }

    public Sessions sessions() {
        return sessions;
    }

    public Principal application() {
        return application;
    }

    @Override
    public void close() {
        gateway.close();
        sts.close();
        schemaReader.close();
        dynamoDb.close();
    }
}
