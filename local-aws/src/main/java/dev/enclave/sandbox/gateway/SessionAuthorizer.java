package dev.enclave.sandbox.gateway;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.enclave.sandbox.iam.AuthorizationRequest;
import dev.enclave.sandbox.iam.Decision;
import dev.enclave.sandbox.iam.PolicyEvaluator;
import dev.enclave.sandbox.sts.RoleDefinition;
import dev.enclave.sandbox.sts.Session;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Decides, like IAM, whether a session may do everything a request needs: each authorisation must be allowed by the
 * role's permission policy <em>and</em> by the session policy when there is one; an explicit deny in either denies.
 * The first refusal is answered with AWS's {@code AccessDeniedException} message. Policies are parsed once: the
 * roles' at start, each session policy the first time it is seen.
 */
final class SessionAuthorizer {

    /** Room for every tenant of a large local run (a parsed policy is a few KB; only policies in use take room). */
    private static final int PARSED_SESSION_POLICIES = 50_000;

    private final Map<String, PolicyEvaluator.ParsedPolicy> rolePolicies;
    private final Cache<String, PolicyEvaluator.ParsedPolicy> sessionPolicies =
            Caffeine.newBuilder().maximumSize(PARSED_SESSION_POLICIES).build();
    private final String region;

    SessionAuthorizer(List<RoleDefinition> roles, String region) {
        this.rolePolicies = roles.stream().collect(Collectors.toUnmodifiableMap(RoleDefinition::arn,
                role -> PolicyEvaluator.parse(role.permissionPolicy()), (first, last) -> last));
        this.region = region;
    }

    /** Empty when every authorisation is allowed. */
    Optional<DynamoDbError> refusal(Session session, List<RequiredAuthorization> needed, Instant now) {
        PolicyEvaluator.ParsedPolicy rolePolicy = rolePolicies.get(session.roleArn());
        Optional<PolicyEvaluator.ParsedPolicy> sessionPolicy = session.sessionPolicy()
                .map(policy -> sessionPolicies.get(policy, PolicyEvaluator::parse));
        for (RequiredAuthorization authorization : needed) {
            AuthorizationRequest request = new AuthorizationRequest(authorization.action(), authorization.resource(),
                    context(session, authorization, now));
            Decision byRole = rolePolicy == null ? Decision.IMPLICIT_DENY
                    : PolicyEvaluator.evaluateParsed(List.of(rolePolicy), request);
            Decision bySession = sessionPolicy
                    .map(policy -> PolicyEvaluator.evaluateParsed(List.of(policy), request)).orElse(Decision.ALLOW);
            if (!Decision.ofSession(byRole, bySession).allowed()) {
                return Optional.of(DynamoDbError.accessDenied(session.assumedRoleArn(), authorization,
                        because(byRole, bySession, authorization.action())));
            }
        }
        return Optional.empty();
    }

    /** Why a refused authorisation was refused, in AWS's words. */
    private static String because(Decision byRole, Decision bySession, String action) {
        if (byRole == Decision.EXPLICIT_DENY) {
            return "with an explicit deny in an identity-based policy";
        }
        if (bySession == Decision.EXPLICIT_DENY) {
            return "with an explicit deny in a session policy";
        }
        if (!byRole.allowed()) {
            return "because no identity-based policy allows the " + action + " action";
        }
        return "because no session policy allows the " + action + " action";
    }

    /** The request context IAM sees for an assumed-role session. */
    private Map<String, List<String>> context(Session session, RequiredAuthorization authorization, Instant now) {
        Map<String, List<String>> context = new HashMap<>();
        if (!authorization.leadingKeys().isEmpty()) {
            context.put("dynamodb:LeadingKeys", authorization.leadingKeys());
        }
        if (!authorization.attributes().isEmpty()) {
            context.put("dynamodb:Attributes", authorization.attributes());
        }
        session.tags().forEach((key, value) -> context.put("aws:PrincipalTag/" + key, List.of(value)));
        session.sourceIdentity().ifPresent(source -> context.put("aws:SourceIdentity", List.of(source)));
        context.put("aws:PrincipalArn", List.of(session.roleArn()));
        context.put("aws:PrincipalAccount", List.of(session.roleArn().split(":")[4]));
        context.put("aws:PrincipalType", List.of("AssumedRole"));
        context.put("aws:userid", List.of(session.assumedRoleId()));
        context.put("aws:RequestedRegion", List.of(region));
        context.put("aws:TokenIssueTime", List.of(DateTimeFormatter.ISO_INSTANT.format(session.issuedAt())));
        context.put("aws:CurrentTime", List.of(DateTimeFormatter.ISO_INSTANT.format(now.truncatedTo(
                ChronoUnit.SECONDS))));
        context.put("aws:EpochTime", List.of(Long.toString(now.getEpochSecond())));
        // AWS endpoints are HTTPS only, so IAM always sees true; the loopback hop to the sandbox is not what a
        // policy on SecureTransport is about.
        context.put("aws:SecureTransport", List.of("true"));
        return context;
    }
}
