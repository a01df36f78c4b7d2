package dev.enclave.tenancy.sandbox;

import dev.enclave.tenancy.sandbox.sigv4.Principal;
import dev.enclave.tenancy.sandbox.sts.RoleDefinition;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How to start the local AWS sandbox.
 *
 * @param dataDirectory where DynamoDB Local persists; empty for in memory
 * @param application   the application principal: calls STS, runs platform operations
 * @param roles         the roles STS lets principals assume
 * @param clock         decides when issued credentials expire; tests move it forward
 * @param region        the region the sandbox pretends to be (requests must be signed for it)
 * @param account       the 12-digit account the sandbox pretends to be (ARNs name it)
 * @param dynamoDbPort  the loopback port of the DynamoDB endpoint clients use (the gateway); 0 for a free one
 * @param stsPort       the loopback port of the local STS; 0 for a free one
 */
public record SandboxSettings(Optional<Path> dataDirectory, Principal application, List<RoleDefinition> roles,
                              Clock clock, String region, String account, int dynamoDbPort, int stsPort) {

    /** The region the sandbox pretends to be unless told otherwise. */
    public static final String DEFAULT_REGION = "us-east-1";
    /** The account the sandbox pretends to be unless told otherwise. */
    public static final String DEFAULT_ACCOUNT = "000000000000";

    private static final Pattern ACCOUNT = Pattern.compile("\\d{12}");
    private static final Pattern REGION = Pattern.compile("[a-z]{2}(-[a-z]+)+-\\d");

    public SandboxSettings {
        Objects.requireNonNull(dataDirectory, "dataDirectory");
        Objects.requireNonNull(application, "application");
        roles = List.copyOf(roles);
        Objects.requireNonNull(clock, "clock");
        if (!REGION.matcher(region).matches()) {
            throw new IllegalArgumentException("not a region: " + region);
        }
        if (!ACCOUNT.matcher(account).matches()) {
            throw new IllegalArgumentException("account must be 12 digits: " + account);
        }
        if (dynamoDbPort < 0 || dynamoDbPort > 65535 || stsPort < 0 || stsPort > 65535) {
            throw new IllegalArgumentException("ports are 0 (a free one) to 65535: " + dynamoDbPort + ", " + stsPort);
        }
        Set<String> arns = new HashSet<>();
        for (RoleDefinition role : roles) {
            if (!arns.add(role.arn())) {
                throw new IllegalArgumentException("role defined twice: " + role.arn());
            }
        }
    }

    /** In memory, on the system clock, in the default region and account. */
    public static SandboxSettings inMemory(Principal application, List<RoleDefinition> roles) {
        return new SandboxSettings(Optional.empty(), application, roles, Clock.systemUTC(), DEFAULT_REGION,
                DEFAULT_ACCOUNT, 0, 0);
    }

    /** Roles given as ARN → permission policy, each trusting {@code application} for up to 12 hours. */
    public static SandboxSettings inMemory(Principal application, Map<String, String> rolePolicies) {
        return inMemory(application, rolePolicies.entrySet().stream()
                .map(role -> RoleDefinition.trusting(application, role.getKey(), role.getValue())).toList());
    }

    /** The same settings, persisting DynamoDB Local under {@code directory} (empty: in memory). */
    public SandboxSettings withDataDirectory(Optional<Path> directory) {
        return new SandboxSettings(directory, application, roles, clock, region, account, dynamoDbPort, stsPort);
    }

    /** The same settings on another clock (tests move one forward to expire credentials). */
    public SandboxSettings withClock(Clock newClock) {
        return new SandboxSettings(dataDirectory, application, roles, newClock, region, account, dynamoDbPort,
                stsPort);
    }

    /** The same settings pretending to be another region. */
    public SandboxSettings withRegion(String newRegion) {
        return new SandboxSettings(dataDirectory, application, roles, clock, newRegion, account, dynamoDbPort,
                stsPort);
    }

    /** The same settings pretending to be another account. */
    public SandboxSettings withAccount(String newAccount) {
        return new SandboxSettings(dataDirectory, application, roles, clock, region, newAccount, dynamoDbPort,
                stsPort);
    }

    /** The same settings on fixed loopback ports (0: a free one), so a saved endpoint survives a restart. */
    public SandboxSettings withPorts(int newDynamoDbPort, int newStsPort) {
        return new SandboxSettings(dataDirectory, application, roles, clock, region, account, newDynamoDbPort,
                newStsPort);
    }
}
