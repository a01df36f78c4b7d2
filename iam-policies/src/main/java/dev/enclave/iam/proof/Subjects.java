package dev.enclave.iam.proof;

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
import dev.enclave.identity.UserKey;
import dev.enclave.table.IndexDesign;
import dev.enclave.table.TableDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Enclave's policies as subjects of the proof, each with its specification. The specification is written here,
 * not taken from the renderers: the actions an access level means, the table and index ARNs, the key prefixes.
 */
public final class Subjects {

    /** What a read-only scope may do. */
    public static final List<String> READ_ACTIONS = List.of("dynamodb:GetItem", "dynamodb:BatchGetItem",
            "dynamodb:Query", "dynamodb:ConditionCheckItem");
    /** What a read-write scope may do besides reading. */
    public static final List<String> WRITE_ACTIONS = List.of("dynamodb:PutItem", "dynamodb:UpdateItem",
            "dynamodb:DeleteItem", "dynamodb:BatchWriteItem");

    private static final String TENANT = Smt.symbol("tenant");
    private static final String INCARNATION = Smt.symbol("incarnation");
    private static final ContextKey TENANT_TAG = ContextKey.of("aws:PrincipalTag/" + AbacTenantPolicy.TENANT_TAG);

    private final TableArn table;
    private final TableDesign design;
    private final EncodedPolicy tenantRole;

    /** The subjects for Enclave's policies on {@code table}, designed as {@code design}. */
    public Subjects(TableArn table, TableDesign design) {
        this.table = table;
        this.design = design;
        this.tenantRole = EncodedPolicy.of(RolePolicies.tenantRolePermissions(table, design).toJson());
    }

    /** The id alphabet of tenants, {@code [a-z0-9-]+}: every valid tenant id is in it (see the alphabet lemma). */
    public static String tenantAlphabet() {
        return SmtRegex.plus(SmtRegex.union(List.of(SmtRegex.range('a', 'z'), SmtRegex.range('0', '9'),
                SmtRegex.literal("-"))));
    }

    /** The id alphabet of incarnations, {@code [a-z0-9]+}. */
    public static String incarnationAlphabet() {
        return SmtRegex.plus(SmtRegex.union(List.of(SmtRegex.range('a', 'z'), SmtRegex.range('0', '9'))));
    }

    /** The actions {@code access} means. */
    public static List<String> actions(Access access) {
        List<String> actions = new ArrayList<>(READ_ACTIONS);
        if (access == Access.READ_WRITE) {
            actions.addAll(WRITE_ACTIONS);
        }
        return List.copyOf(actions);
    }

    /** {@link TenantSessionPolicy} for {@code tenant}: rendered, or the template with the id put in if invalid. */
    public Subject session(String tenant, Access access) {
        return session(label("S", tenant, access), sessionJson(tenant, access), tenant, access);
    }

    /** Any document meant as a tenant session policy for {@code tenant}. */
    public Subject session(String name, String json, String tenant, Access access) {
        return sessionSubject(name, EncodedPolicy.of(json), List.of(),
                prefix("TENANT#" + tenant + "#"), access);
    }

    /**
     * The session policy of a user's own record ({@code USER#<digest>#}, read-write): the one writable scope outside a
     * tenant, where the user's profile lives.
     */
    public Subject ownRecord(String digest) {
        String prefix = UserKey.PARTITION_PREFIX + digest + "#";
        String json = TenantSessionPolicy.render(PolicyScope.of(Set.of(new LeadingKeyPrefix(prefix)),
                Access.READ_WRITE), table, design);
        return sessionSubject(label("U", digest, Access.READ_WRITE), EncodedPolicy.of(json), List.of(),
                prefix(prefix), Access.READ_WRITE);
    }

    /** {@link TenantDataPolicy} for {@code tenant} in {@code incarnation}. */
    public Subject data(String tenant, String incarnation, Access access) {
        return data(label("D", tenant + ", " + incarnation, access), dataJson(tenant, incarnation, access), tenant,
                incarnation, access);
    }

    /** Any document meant as a handed-out data policy. */
    public Subject data(String name, String json, String tenant, String incarnation, Access access) {
        return dataSubject(name, EncodedPolicy.of(json), List.of(),
                prefix("TENANT#" + tenant + "#DATA#" + incarnation + "#"), access);
    }

    /** The session policy template, its tenant a symbolic string over the tenant alphabet. */
    public Subject sessionForEveryTenant(Access access) {
        EncodedPolicy policy = EncodedPolicy.of(PolicyTemplates.session(access, table, design),
                Map.of(PolicyTemplates.TENANT_SENTINEL, TENANT));
        return sessionSubject(label("S", "t", access), policy,
                List.of(new Subject.Parameter(TENANT, tenantAlphabet())),
                prefixTerm("TENANT#t#", Smt.concat(List.of(Smt.str("TENANT#"), TENANT, Smt.str("#")))), access);
    }

    /** The data policy template, tenant and incarnation symbolic. */
    public Subject dataForEveryTenant(Access access) {
        EncodedPolicy policy = EncodedPolicy.of(PolicyTemplates.data(access, table, design),
                Map.of(PolicyTemplates.TENANT_SENTINEL, TENANT, PolicyTemplates.INCARNATION_SENTINEL, INCARNATION));
        String prefix = Smt.concat(List.of(Smt.str("TENANT#"), TENANT, Smt.str("#DATA#"), INCARNATION,
                Smt.str("#")));
        return dataSubject(label("D", "t, i", access), policy, List.of(new Subject.Parameter(TENANT,
                tenantAlphabet()), new Subject.Parameter(INCARNATION, incarnationAlphabet())),
                prefixTerm("TENANT#t#DATA#i#", prefix), access);
    }

    /** The ABAC role policy, for a session tagged with a tenant id ({@code tag}, or any id when empty). */
    public Subject abacTagged(Optional<String> tag, Access access) {
        EncodedPolicy policy = EncodedPolicy.of(AbacTenantPolicy.policy(table, design, access).toJson());
        Subject.KeySpec keys = new Subject.KeySpec("starts with TENANT#<the session's TenantId tag>#",
                r -> Smt.and(r.present(TENANT_TAG), tag.map(t -> Smt.eq(r.value(TENANT_TAG), Smt.str(t)))
                        .orElse(Smt.inRe(r.value(TENANT_TAG), tenantAlphabet()))),
                (r, key) -> Smt.prefixOf(Smt.concat(List.of(Smt.str("TENANT#"), r.value(TENANT_TAG), Smt.str("#"))),
                        key));
        return new Subject(label("ABAC", "tag " + tag.orElse("t"), access), Authorization.byPolicy(policy),
                Authorization.byPolicy(policy), List.of(), List.of(new Grant(actions(access), tableAndIndexes())),
                Optional.of(keys), List.of());
    }

    /**
     * The ABAC role policy for an untagged session: only users', addresses', due-work, API key lookup and platform
     * actions' partitions.
     */
    public Subject abacUntagged(Access access) {
        EncodedPolicy policy = EncodedPolicy.of(AbacTenantPolicy.policy(table, design, access).toJson());
        List<String> prefixes = List.of("USER#", "EMAIL#", TableDesign.OWED_WORK, TableDesign.API_KEY_LOOKUPS,
                TableDesign.PLATFORM_ACTIONS);
        Subject.KeySpec keys = new Subject.KeySpec("starts with one of " + prefixes,
                r -> Smt.not(r.present(TENANT_TAG)),
                (r, key) -> Smt.or(prefixes.stream().map(p -> Smt.prefixOf(Smt.str(p), key)).toList()));
        return new Subject(label("ABAC", "untagged", access), Authorization.byPolicy(policy),
                Authorization.byPolicy(policy), List.of(), List.of(new Grant(actions(access), tableAndIndexes())),
                Optional.of(keys), List.of());
    }

    /** The tenant access role's permission policy: item actions on the table and indexes, never without keys. */
    public Subject tenantRole() {
        Subject.KeySpec keys = new Subject.KeySpec("may be any value", r -> Smt.TRUE, (r, key) -> Smt.TRUE);
        return new Subject("tenant role permissions", Authorization.byPolicy(tenantRole),
                Authorization.byPolicy(tenantRole), List.of(),
                List.of(new Grant(actions(Access.READ_WRITE), tableAndIndexes())), Optional.of(keys), List.of());
    }

    /** The application role: vend sessions of the tenant role, describe and scan the table, nothing else. */
    public Subject applicationRole(String tenantRoleArn) {
        EncodedPolicy policy = EncodedPolicy.of(RolePolicies.applicationRole(table, tenantRoleArn).toJson());
        return new Subject("application role", Authorization.byPolicy(policy), Authorization.byPolicy(policy),
                List.of(), List.of(new Grant(List.of("sts:AssumeRole", "sts:TagSession", "sts:SetSourceIdentity"),
                List.of(tenantRoleArn)), new Grant(List.of("dynamodb:DescribeTable", "dynamodb:Scan"),
                List.of(table.value()))), Optional.empty(), List.of());
    }

    private Subject sessionSubject(String name, EncodedPolicy policy, List<Subject.Parameter> parameters,
                                   Subject.KeySpec keys, Access access) {
        return new Subject(name, Authorization.byPolicy(policy), Authorization.bySession(tenantRole, policy),
                parameters, List.of(new Grant(actions(access), tableAndIndexes())), Optional.of(keys), List.of());
    }

    private Subject dataSubject(String name, EncodedPolicy policy, List<Subject.Parameter> parameters,
                                Subject.KeySpec keys, Access access) {
        return new Subject(name, Authorization.byPolicy(policy), Authorization.bySession(tenantRole, policy),
                parameters, List.of(new Grant(actions(access), List.of(table.value()))), Optional.of(keys),
                access == Access.READ_WRITE ? design.indexKeyAttributes() : List.of());
    }

    private List<String> tableAndIndexes() {
        List<String> arns = new ArrayList<>(List.of(table.value()));
        design.indexes().stream().map(IndexDesign::indexName).forEach(name -> arns.add(table.value() + "/index/"
                + name));
        return arns;
    }

    /** The session policy of {@code tenant}: rendered, or the template with the id put in if it is refused. */
    public String sessionJson(String tenant, Access access) {
        if (!TenantId.PATTERN.matcher(tenant).matches()) {
            return PolicyTemplates.substitute(PolicyTemplates.session(access, table, design), tenant, "");
        }
        return TenantSessionPolicy.render(PolicyScope.of(Set.of(LeadingKeyPrefix.tenant(TenantId.of(tenant))),
                access), table, design);
    }

    /** The data policy of {@code tenant} in {@code incarnation}, rendered or from the template likewise. */
    public String dataJson(String tenant, String incarnation, Access access) {
        if (!TenantId.PATTERN.matcher(tenant).matches() || !incarnation.matches(Incarnation.REGEX)) {
            return PolicyTemplates.substitute(PolicyTemplates.data(access, table, design), tenant, incarnation);
        }
        return TenantDataPolicy.render(PolicyScope.of(Set.of(design.dataNamespace(TenantId.of(tenant),
                new Incarnation(incarnation))), access), table, design);
    }

    /** Whether the renderer refuses {@code tenant}, so its policy is the template with the id put in. */
    public static boolean viaTemplate(String tenant, String incarnation) {
        return !TenantId.PATTERN.matcher(tenant).matches() || !incarnation.matches(Incarnation.REGEX);
    }

    private static Subject.KeySpec prefix(String prefix) {
        return prefixTerm(prefix, Smt.str(prefix));
    }

    private static Subject.KeySpec prefixTerm(String description, String prefix) {
        return new Subject.KeySpec("starts with " + description, r -> Smt.TRUE, (r, key) -> Smt.prefixOf(prefix,
                key));
    }

    private static String label(String kind, String ids, Access access) {
        return kind + "(" + ids + ") " + (access == Access.READ ? "read" : "read-write");
    }
}
