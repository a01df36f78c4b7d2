package dev.enclave.sandbox.iam;

import dev.enclave.iam.policy.AbacTenantPolicy;
import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.PolicyScope;
import dev.enclave.iam.policy.RolePolicies;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.iam.policy.TenantDataPolicy;
import dev.enclave.iam.policy.TenantSessionPolicy;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * A deterministic corpus of (policies, request) cases for the conformance test: Enclave's own documents and
 * hand-written adversarial ones, against requests aimed at neighbouring tenants, missing separators, empty and
 * mixed key sets, indexes, wildcard-looking values, key-less and table-level actions, and session tags; and
 * handed-out sessions — the tenant role's policy with a {@link TenantDataPolicy} session policy — against data
 * namespaces of other tenants and incarnations and the control partition, with {@code dynamodb:Attributes} lists
 * that are clean, name an index key, name one in another case, are empty or absent.
 */
final class ConformanceCorpus {

    static final String TABLE = "arn:aws:dynamodb:us-east-1:000000000000:table/enclave";
    private static final TableArn TABLE_ARN = new TableArn(TABLE);
    private static final List<String> TENANTS = List.of("acme", "acme2", "beta", "a-b");
    private static final List<String> ITEM_ACTIONS = List.of("GetItem", "PutItem", "UpdateItem", "DeleteItem",
            "Query", "BatchGetItem", "BatchWriteItem", "ConditionCheckItem");
    private static final List<String> KEYLESS_ACTIONS = List.of("Scan", "DescribeTable", "DeleteTable",
            "PartiQLSelect", "UpdateTable");
    private static final List<String> INCARNATIONS = List.of("k3j9", "old1", "k3j");
    private static final String OWN_DATA = "TENANT#acme#DATA#k3j9#";
    private static final List<String> DATA_KEYS = List.of(OWN_DATA, "TENANT#acme#DATA#k3j9", "TENANT#acme#DATA#old1#x",
            "TENANT#acme#DATA#k3j#x", "TENANT#acme#", "TENANT#acme#ORG", "TENANT#beta#DATA#k3j9#x",
            "TENANT#acme2#DATA#k3j9#x", "tenant#acme#DATA#k3j9#x", "TENANT#acme#DATA#*#x", "USER#abc234#");
    private static final List<String> ATTRIBUTE_NAMES = List.of("PK", "SK", "PK", "SK", "title", "data", "GSI1PK",
            "GSI1SK", "GSI2PK", "GSI2SK", "gsi1pk", "Gsi2Sk", "GSI1PK ", "GSI*", "expiresAt");
    /** Conditions of IAM's numeric, date and IP address families, on keys every session's request carries. */
    private static final List<String> OTHER_OPERATORS = List.of(
            "\"DateLessThan\":{\"aws:TokenIssueTime\":\"2030-01-01T00:00:00Z\"}",
            "\"DateGreaterThanEquals\":{\"aws:TokenIssueTime\":\"2030-01-01T00:00:00Z\"}",
            "\"DateNotEquals\":{\"aws:TokenIssueTime\":\"2026-11-27T10:00:00Z\"}",
            "\"NumericLessThan\":{\"aws:EpochTime\":\"1800000000\"}",
            "\"NumericGreaterThan\":{\"aws:EpochTime\":\"1800000000\"}",
            "\"NumericEquals\":{\"aws:EpochTime\":[\"1795000000\",\"1\"]}",
            "\"NotIpAddress\":{\"aws:SourceIp\":\"10.0.0.0/8\"}",
            "\"IpAddress\":{\"aws:SourceIp\":[\"203.0.113.0/24\",\"2001:db8::/32\"]}",
            "\"DateLessThanIfExists\":{\"aws:TokenIssueTime\":\"2030-01-01T00:00:00Z\"}");
    private static final List<String> RESOURCES = List.of(TABLE, TABLE + "/index/GSI1", TABLE + "/index/GSI2",
            "arn:aws:dynamodb:us-east-1:000000000000:table/other");

    /**
     * One case, in the shape conformance/evaluate.mjs reads.
     *
     * @param policies      identity-based policies
     * @param sessionPolicy the session policy of the role session making the request, or {@code null} for none
     */
    record Case(List<String> policies, String sessionPolicy, String action, String resource,
                Map<String, List<String>> context) {

        Case(List<String> policies, String action, String resource, Map<String, List<String>> context) {
            this(policies, null, action, resource, context);
        }

        AuthorizationRequest request() {
            return new AuthorizationRequest(action, resource, context);
        }

        /** Our decision: the identity policies, intersected with the session policy when there is one. */
        Decision decide() {
            Decision byIdentity = PolicyEvaluator.evaluate(policies, request());
            return sessionPolicy == null ? byIdentity
                    : Decision.ofSession(byIdentity, PolicyEvaluator.evaluate(List.of(sessionPolicy), request()));
        }
    }

    private ConformanceCorpus() {
    }

    static List<Case> generate(int size, long seed) {
        Random random = new Random(seed);
        List<Case> cases = new ArrayList<>();
        while (cases.size() < size) {
            cases.add(random.nextInt(3) == 0 ? handedOut(random) : general(random));
        }
        return cases;
    }

    private static Case general(Random random) {
        List<String> policies = List.of(policy(random));
        boolean itemAction = random.nextInt(5) > 0;
        String action = "dynamodb:" + pick(random, itemAction ? ITEM_ACTIONS : KEYLESS_ACTIONS);
        Map<String, List<String>> context = new HashMap<>();
        if (itemAction && random.nextInt(8) > 0) {
            context.put("dynamodb:LeadingKeys", leadingKeys(random));
        }
        if (itemAction) {
            attributes(random).ifPresent(names -> context.put("dynamodb:Attributes", names));
        }
        if (random.nextBoolean()) {
            context.put("aws:PrincipalTag/TenantId", List.of(pick(random, List.of("acme", "beta", "*", "acme#"))));
        }
        if (random.nextInt(3) > 0) {
            context.put("aws:TokenIssueTime", List.of(pick(random, List.of("2026-11-27T10:00:00Z",
                    "2031-01-01T00:00:00Z"))));
            context.put("aws:EpochTime", List.of(pick(random, List.of("1795000000", "1900000000"))));
            context.put("aws:SourceIp", List.of(pick(random, List.of("10.1.2.3", "203.0.113.9", "2001:db8::1"))));
        }
        return new Case(policies, action, pick(random, RESOURCES), context);
    }

    /**
     * A request with credentials that left Enclave: the tenant role's policy ∩ a data-namespace session policy, the
     * session mostly tagged with acme (as Enclave tags it), else with another tenant or untagged.
     */
    private static Case handedOut(Random random) {
        String sessionPolicy = dataPolicy(random);
        String action = "dynamodb:" + pick(random, ITEM_ACTIONS);
        Map<String, List<String>> context = new HashMap<>();
        if (random.nextInt(10) > 0) {
            context.put("dynamodb:LeadingKeys", List.of(random.nextBoolean() ? OWN_DATA + "item"
                    : pick(random, DATA_KEYS)));
        }
        attributes(random).ifPresent(names -> context.put("dynamodb:Attributes", names));
        if (random.nextInt(8) > 0) {
            context.put("aws:PrincipalTag/TenantId", List.of(random.nextInt(4) > 0 ? "acme" : "beta"));
        }
        String resource = random.nextInt(4) > 0 ? TABLE : pick(random, RESOURCES);
        return new Case(List.of(RolePolicies.tenantRolePermissions(TABLE_ARN, TableDesign.ENCLAVE).toJson()),
                sessionPolicy, action, resource, context);
    }

    /** Mostly acme's read-write policy on incarnation k3j9 (so the deny matters), else another scope. */
    private static String dataPolicy(Random random) {
        boolean own = random.nextInt(3) > 0;
        TenantId tenant = TenantId.of(own ? "acme" : pick(random, List.of("acme", "beta", "acme2")));
        Incarnation incarnation = new Incarnation(own ? "k3j9" : pick(random, INCARNATIONS));
        Access access = own || random.nextBoolean() ? Access.READ_WRITE : Access.READ;
        return TenantDataPolicy.render(PolicyScope.of(Set.of(TableDesign.ENCLAVE.dataNamespace(tenant, incarnation)),
                access), TABLE_ARN, TableDesign.ENCLAVE);
    }

    /** A dynamodb:Attributes list — clean, with an index key, in another case, or empty — or absent. */
    private static Optional<List<String>> attributes(Random random) {
        if (random.nextInt(6) == 0) {
            return Optional.empty();
        }
        int count = random.nextInt(5);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add(pick(random, ATTRIBUTE_NAMES));
        }
        return Optional.of(names);
    }

    private static String policy(Random random) {
        String tenant = pick(random, TENANTS);
        Access access = random.nextBoolean() ? Access.READ : Access.READ_WRITE;
        return switch (random.nextInt(13)) {
            case 0, 1 -> TenantSessionPolicy.render(PolicyScope.of(Set.of(prefix(tenant)), access), TABLE_ARN,
                    TableDesign.ENCLAVE);
            case 2 -> TenantSessionPolicy.render(PolicyScope.of(Set.of(prefix(tenant),
                    new LeadingKeyPrefix("USER#abc234#")), access), TABLE_ARN, TableDesign.ENCLAVE);
            case 3 -> AbacTenantPolicy.policy(TABLE_ARN, TableDesign.ENCLAVE, access).toJson();
            case 4 -> RolePolicies.tenantRolePermissions(TABLE_ARN, TableDesign.ENCLAVE).toJson();
            case 5 -> forAllValuesWithoutNullGuard(tenant);
            case 6 -> allowAllWithDeny(tenant);
            case 7 -> notActionNotResource();
            case 8 -> tagEquality(random.nextBoolean() ? "StringEquals" : "StringLikeIfExists");
            case 9 -> forAnyValue(tenant);
            case 10 -> allowAllDenyingWhen(pick(random, OTHER_OPERATORS));
            default -> dataPolicy(random);
        };
    }

    /** The reference implementation's mistake: dynamodb:* with ForAllValues and no Null guard. */
    private static String forAllValuesWithoutNullGuard(String tenant) {
        return statement("\"Effect\":\"Allow\",\"Action\":\"dynamodb:*\",\"Resource\":\"" + TABLE + "*\","
                + "\"Condition\":{\"ForAllValues:StringLike\":{\"dynamodb:LeadingKeys\":\"TENANT#" + tenant + "*\"}}");
    }

    private static String allowAllWithDeny(String tenant) {
        return allowAllDenyingWhen("\"ForAnyValue:StringLike\":{\"dynamodb:LeadingKeys\":\"TENANT#" + tenant + "#*\"}");
    }

    /** Allow everything, deny on {@code condition}: a condition operator the deny fails open on if it is misread. */
    private static String allowAllDenyingWhen(String condition) {
        return "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Action\":\"dynamodb:*\","
                + "\"Resource\":\"*\"},{\"Effect\":\"Deny\",\"Action\":\"dynamodb:*\",\"Resource\":\"*\","
                + "\"Condition\":{" + condition + "}}]}";
    }

    private static String notActionNotResource() {
        return statement("\"Effect\":\"Allow\",\"NotAction\":[\"dynamodb:Scan\",\"dynamodb:Delete*\"],"
                + "\"NotResource\":\"" + TABLE + "/index/*\"");
    }

    private static String tagEquality(String operator) {
        return statement("\"Effect\":\"Allow\",\"Action\":\"dynamodb:*Item\",\"Resource\":\"" + TABLE + "\","
                + "\"Condition\":{\"" + operator + "\":{\"aws:PrincipalTag/TenantId\":\"acme\"}}");
    }

    private static String forAnyValue(String tenant) {
        return statement("\"Effect\":\"Allow\",\"Action\":[\"dynamodb:GetItem\",\"dynamodb:Query\"],"
                + "\"Resource\":[\"" + TABLE + "\",\"" + TABLE + "/index/*\"],"
                + "\"Condition\":{\"ForAnyValue:StringEquals\":{\"dynamodb:LeadingKeys\":[\"TENANT#" + tenant
                + "#ORG\",\"TENANT#" + tenant + "#*\"]}}");
    }

    private static String statement(String body) {
        return "{\"Version\":\"2012-10-17\",\"Statement\":{" + body + "}}";
    }

    private static List<String> leadingKeys(Random random) {
        List<String> candidates = List.of("TENANT#acme#ORG", "TENANT#acme2#ORG", "TENANT#acme", "TENANT#beta#M#1",
                "TENANT#acme#*", "TENANT#a?me#X", "TENANT#a-b#ORG", "USER#abc234#", "USER#zzz#", "TENANT#acme#ORG",
                "tenant#acme#ORG", "TENANT#${aws:username}#X", "EMAIL#abc234#", "WORK#owed#", "WORK#owedx");
        int count = random.nextInt(4);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            keys.add(pick(random, candidates));
        }
        return keys;
    }

    private static LeadingKeyPrefix prefix(String tenant) {
        return LeadingKeyPrefix.tenant(TenantId.of(tenant.length() < 3 ? tenant + "-x" : tenant));
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
