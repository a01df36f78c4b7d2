package dev.enclave.sandbox;

import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.sandbox.sts.RoleDefinition;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
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
 * @param indexLag      how far global secondary index reads lag behind the table, measured on {@code clock}
 *                      (see {@link dev.enclave.sandbox.gateway.IndexLag}); zero, the default, for indexes
 *                      as current as DynamoDB Local keeps them
 * @param conflictHold  when present, transactions conflict as on DynamoDB, each holding its items this much longer
 *                      than DynamoDB Local takes to run it (see
 *                      {@link dev.enclave.sandbox.gateway.TransactionConflicts}); empty, the default, for
 *                      DynamoDB Local's own behaviour, where requests run one at a time and never conflict
 */
public record SandboxSettings(Optional<Path> dataDirectory, Principal application, List<RoleDefinition> roles,
                              Clock clock, String region, String account, int dynamoDbPort, int stsPort,
                              Duration indexLag, Optional<Duration> conflictHold) {

    /** The region the sandbox pretends to be unless told otherwise. */
    public static final String DEFAULT_REGION = "us-east-1";
    /** The account the sandbox pretends to be unless told otherwise. */
    public static final String DEFAULT_ACCOUNT = "000000000000";

    /**
     * The system property the local run and the app's tests read {@link #indexLag()} from, as {@code 300ms},
     * {@code 2s}, {@code 0} or ISO-8601 ({@code PT0.3S}): see {@link #withSystemProperties()}.
     */
    public static final String INDEX_LAG_PROPERTY = "enclave.local.index-lag";

    /**
     * The system property the local run and the app's tests read {@link #conflictHold()} from: a duration as for
     * {@link #INDEX_LAG_PROPERTY} turns transaction conflicts on with that hold; {@code off} or unset leaves them off.
     */
    public static final String TRANSACTION_CONFLICTS_PROPERTY = "enclave.local.transaction-conflicts";

    private static final Pattern ACCOUNT = Pattern.compile("\\d{12}");
    private static final Pattern SIMPLE_DURATION = Pattern.compile("(\\d+)(ms|s|m)?");
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
        Objects.requireNonNull(indexLag, "indexLag");
        if (indexLag.isNegative()) {
            throw new IllegalArgumentException("index lag must not be negative: " + indexLag);
        }
        Objects.requireNonNull(conflictHold, "conflictHold");
        if (conflictHold.filter(Duration::isNegative).isPresent()) {
            throw new IllegalArgumentException("conflict hold must not be negative: " + conflictHold.get());
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
                DEFAULT_ACCOUNT, 0, 0, Duration.ZERO, Optional.empty());
    }

    /** Roles given as ARN → permission policy, each trusting {@code application} for up to 12 hours. */
    public static SandboxSettings inMemory(Principal application, Map<String, String> rolePolicies) {
        return inMemory(application, rolePolicies.entrySet().stream()
                .map(role -> RoleDefinition.trusting(application, role.getKey(), role.getValue())).toList());
    }

    /** The same settings, persisting DynamoDB Local under {@code directory} (empty: in memory). */
    public SandboxSettings withDataDirectory(Optional<Path> directory) {
        return new SandboxSettings(directory, application, roles, clock, region, account, dynamoDbPort, stsPort,
                indexLag, conflictHold);
    }

    /** The same settings on another clock (tests move one forward to expire credentials). */
    public SandboxSettings withClock(Clock newClock) {
        return new SandboxSettings(dataDirectory, application, roles, newClock, region, account, dynamoDbPort,
                stsPort, indexLag, conflictHold);
    }

    /** The same settings pretending to be another region. */
    public SandboxSettings withRegion(String newRegion) {
        return new SandboxSettings(dataDirectory, application, roles, clock, newRegion, account, dynamoDbPort,
                stsPort, indexLag, conflictHold);
    }

    /** The same settings pretending to be another account. */
    public SandboxSettings withAccount(String newAccount) {
        return new SandboxSettings(dataDirectory, application, roles, clock, region, newAccount, dynamoDbPort,
                stsPort, indexLag, conflictHold);
    }

    /** The same settings on fixed loopback ports (0: a free one), so a saved endpoint survives a restart. */
    public SandboxSettings withPorts(int newDynamoDbPort, int newStsPort) {
        return new SandboxSettings(dataDirectory, application, roles, clock, region, account, newDynamoDbPort,
                newStsPort, indexLag, conflictHold);
    }

    /** The same settings with global secondary index reads lagging {@code lag} behind the table (zero: none). */
    public SandboxSettings withIndexLag(Duration lag) {
        return new SandboxSettings(dataDirectory, application, roles, clock, region, account, dynamoDbPort, stsPort,
                lag, conflictHold);
    }

    /**
     * The same settings with transactions conflicting as on DynamoDB, each holding its items {@code hold} longer than
     * DynamoDB Local takes to run it (DynamoDB's two-phase transactions take longer); empty: no conflicts.
     */
    public SandboxSettings withTransactionConflicts(Optional<Duration> hold) {
        return new SandboxSettings(dataDirectory, application, roles, clock, region, account, dynamoDbPort, stsPort,
                indexLag, hold);
    }

    /**
     * The same settings with the index lag and the transaction conflicts the {@value #INDEX_LAG_PROPERTY} and
     * {@value #TRANSACTION_CONFLICTS_PROPERTY} system properties give, each unchanged when its property is not set:
     * how {@code -Denclave.local.index-lag=300ms} reaches the local run and the app's tests.
     *
     * @throws IllegalArgumentException when a property is set but is not a duration
     */
    public SandboxSettings withSystemProperties() {
        return withSettings(System::getProperty);
    }

    /**
     * The same settings with the index lag and the transaction conflicts {@code lookup} gives for
     * {@value #INDEX_LAG_PROPERTY} and {@value #TRANSACTION_CONFLICTS_PROPERTY} (null or blank: unchanged).
     *
     * @throws IllegalArgumentException when a value is set but is not a duration
     */
    public SandboxSettings withSettings(UnaryOperator<String> lookup) {
        String lag = Objects.requireNonNullElse(lookup.apply(INDEX_LAG_PROPERTY), "").trim();
        String hold = Objects.requireNonNullElse(lookup.apply(TRANSACTION_CONFLICTS_PROPERTY), "").trim();
        SandboxSettings lagging = lag.isEmpty() ? this : withIndexLag(parseDuration(INDEX_LAG_PROPERTY, lag));
        return hold.isEmpty() ? lagging : lagging.withTransactionConflicts("off".equals(hold) ? Optional.empty()
                : Optional.of(parseDuration(TRANSACTION_CONFLICTS_PROPERTY, hold)));
    }

    /** {@code 300ms}, {@code 2s}, {@code 1m}, a bare number of milliseconds, or ISO-8601 such as {@code PT0.3S}. */
    static Duration parseDuration(String property, String text) {
        Matcher simple = SIMPLE_DURATION.matcher(text);
        if (simple.matches()) {
            long amount = Long.parseLong(simple.group(1));
            String unit = simple.group(2) == null ? "ms" : simple.group(2);
            return switch (unit) {
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                default -> Duration.ofMillis(amount);
            };
        }
        try {
            return Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(property + " is not a duration (300ms, 2s, PT0.3S): " + text, e);
        }
    }
}
