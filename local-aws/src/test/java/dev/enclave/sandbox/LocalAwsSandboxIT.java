package dev.enclave.sandbox;

import static dev.enclave.sandbox.HandWrittenPolicies.roleArn;
import static dev.enclave.sandbox.HandWrittenPolicies.rolePermissionPolicy;
import static dev.enclave.sandbox.SandboxClients.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.sandbox.sts.RoleDefinition;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The sandbox's lifecycle: loopback only, a clean stop, data kept across restarts when persisted. */
class LocalAwsSandboxIT {

    private static final String TABLE = "sandbox-lifecycle";

    @TempDir
    Path dataDirectory;

    @Test
    void servers_listenOnLoopbackOnly_andStopCleanly() throws Exception {
        LocalAwsSandbox sandbox = LocalAwsSandbox.start(settings(Optional.empty()));
        List<URI> endpoints = List.of(sandbox.stsEndpoint(), sandbox.dynamoDbEndpoint(), sandbox.rawDynamoDbEndpoint());
        try {
            for (URI endpoint : endpoints) {
                assertThat(endpoint.getHost()).isEqualTo("127.0.0.1");
                assertThat(accepts(InetAddress.getByName("127.0.0.1"), endpoint.getPort())).isTrue();
                for (InetAddress other : nonLoopbackAddresses()) {
                    assertThat(accepts(other, endpoint.getPort())).as("%s on %s", endpoint, other).isFalse();
                }
            }
        } finally {
            sandbox.close();
        }

        for (URI endpoint : endpoints) {
            assertThat(accepts(InetAddress.getByName("127.0.0.1"), endpoint.getPort())).as("%s after close", endpoint)
                    .isFalse();
        }
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.isAlive()
                && (t.getName().startsWith("local-sts-") || t.getName().startsWith("dynamodb-gateway-")));
    }

    @Test
    void persistedSandbox_keepsItsTableAcrossRestarts() {
        try (LocalAwsSandbox first = LocalAwsSandbox.start(settings(Optional.of(dataDirectory)));
             DynamoDbClient platform = platform(first)) {
            EnclaveShapedTable.create(platform, TABLE);
            platform.putItem(b -> b.tableName(TABLE).item(key("TENANT#acme#ORG", "ORG")));
        }

        try (LocalAwsSandbox second = LocalAwsSandbox.start(settings(Optional.of(dataDirectory)));
             DynamoDbClient platform = platform(second)) {
            assertThat(platform.getItem(b -> b.tableName(TABLE).key(key("TENANT#acme#ORG", "ORG"))).hasItem()).isTrue();
        }
    }

    @Test
    void settings_refuseDuplicateRolesAndMalformedPolicies() {
        Principal application = Principal.localApplication();
        RoleDefinition role = RoleDefinition.trusting(application, roleArn("r"), rolePermissionPolicy(TABLE));

        assertThatThrownBy(() -> SandboxSettings.inMemory(application, List.of(role, role)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("role defined twice: " + role.arn());
        assertThatThrownBy(() -> RoleDefinition.trusting(application, roleArn("r"), "{not json"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoleDefinition.trusting(application, "arn:aws:iam::1:user/u", "{}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a role ARN: arn:aws:iam::1:user/u");
    }

    private static SandboxSettings settings(Optional<Path> dataDirectory) {
        Principal application = Principal.localApplication();
        return SandboxSettings.inMemory(application, List.of(RoleDefinition.trusting(application,
                roleArn("enclave-tenant"), rolePermissionPolicy(TABLE)))).withDataDirectory(dataDirectory);
    }

    private static DynamoDbClient platform(LocalAwsSandbox sandbox) {
        return DynamoDbClient.builder().endpointOverride(sandbox.dynamoDbEndpoint()).region(Region.US_EAST_1)
                .credentialsProvider(sandbox.applicationCredentials()).httpClientBuilder(ApacheHttpClient.builder())
                .build();
    }

    private static boolean accepts(InetAddress address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 500);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    private static List<InetAddress> nonLoopbackAddresses() throws SocketException {
        return Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(i -> Collections.list(i.getInetAddresses()).stream())
                .filter(a -> !a.isLoopbackAddress() && !a.isLinkLocalAddress()).toList();
    }
}
