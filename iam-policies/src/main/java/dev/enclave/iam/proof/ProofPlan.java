package dev.enclave.iam.proof;

import dev.enclave.iam.policy.Access;
import dev.enclave.identity.TenantId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Which properties are proved of which policies. */
public final class ProofPlan {

    /** The longest tenant id there can be. */
    public static final String LONGEST_TENANT = "z".repeat(TenantId.MAX_LENGTH);

    /**
     * Tenants whose keys look alike: one id a prefix of the other, a trailing hyphen, the longest id, digits only.
     * {@code a}, {@code ab} and {@code a-} are not valid ids; their policies are the template with the id put in.
     */
    public static final List<List<String>> TENANT_PAIRS = List.of(List.of("a", "ab"), List.of("acme", "acme-2"),
            List.of("a", "a-"), List.of(LONGEST_TENANT, LONGEST_TENANT.substring(1)), List.of("123", "1234"));

    /** Incarnations whose keys look alike, of tenant {@code acme}. */
    public static final List<List<String>> INCARNATION_PAIRS = List.of(List.of("a", "ab"), List.of("k3j", "k3j9"),
            List.of("z".repeat(16), "z".repeat(15)));

    static final String INCARNATION = "k3j9";

    /** A user's key digest, as {@code UserKey} makes them (26 of {@code [a-z2-7]}). */
    static final String USER = "abcdefghijklmnopqrstuvwxyz".substring(0, 20) + "234567";

    private ProofPlan() {
    }

    /** Every property of one subject that applies to it. */
    public static List<Query> of(Subject subject) {
        List<Query> queries = new ArrayList<>();
        subject.keys().ifPresent(k -> queries.add(Properties.keysAreOwn(subject)));
        if (!subject.indexWrites().isEmpty()) {
            Subjects.WRITE_ACTIONS.forEach(w -> queries.add(Properties.noIndexKeyWrites(subject, w)));
        }
        queries.add(Properties.onlyGrantedResources(subject));
        queries.addAll(Properties.eachResourceReachable(subject));
        queries.add(Properties.onlyGrantedActions(subject));
        queries.addAll(Properties.eachActionAllowed(subject));
        return queries;
    }

    /** P6: {@code data} allows nothing {@code session} does not. */
    public static Query within(Subject data, Subject session) {
        return Properties.within(data, session);
    }

    /** P1–P7 for the tenant session and data policies of {@code tenant} (incarnation {@code k3j9}) at one level. */
    public static List<Query> ofTenant(Subjects subjects, String tenant, Access access) {
        Subject session = subjects.session(tenant, access);
        Subject data = subjects.data(tenant, INCARNATION, access);
        List<Query> queries = new ArrayList<>(of(session));
        queries.addAll(of(data));
        queries.add(Properties.within(data, session));
        return queries;
    }

    /**
     * Every property, on every policy Enclave renders: for every id (the templates) at both access levels, and
     * for the adversarial ids read-write (the superset; the templates cover read-only for every id).
     */
    public static List<Query> asRendered(Subjects subjects, String tenantRoleArn) {
        List<Query> queries = new ArrayList<>();
        for (Access access : Access.values()) {
            Subject session = subjects.sessionForEveryTenant(access);
            Subject data = subjects.dataForEveryTenant(access);
            queries.addAll(of(session));
            queries.addAll(of(data));
            queries.add(Properties.within(data, session));
            queries.addAll(abac(subjects, access));
        }
        tenants().forEach(t -> queries.addAll(ofTenant(subjects, t, Access.READ_WRITE)));
        queries.addAll(pairs(subjects, Access.READ_WRITE));
        queries.addAll(ownRecords(subjects));
        queries.addAll(of(subjects.tenantRole()));
        queries.addAll(of(subjects.applicationRole(tenantRoleArn)));
        return queries;
    }

    private static List<Query> pairs(Subjects subjects, Access access) {
        List<Query> queries = new ArrayList<>();
        for (List<String> pair : TENANT_PAIRS) {
            queries.add(Properties.disjoint(subjects.session(pair.get(0), access),
                    subjects.session(pair.get(1), access)));
            queries.add(Properties.disjoint(subjects.data(pair.get(0), INCARNATION, access),
                    subjects.data(pair.get(1), INCARNATION, access)));
        }
        for (List<String> pair : INCARNATION_PAIRS) {
            queries.add(Properties.disjoint(subjects.data("acme", pair.get(0), access),
                    subjects.data("acme", pair.get(1), access)));
        }
        return queries;
    }

    /**
     * A user's own record, the one writable scope outside a tenant: its keys are its own, and it shares none with
     * a user whose digest extends it, nor with a tenant.
     */
    private static List<Query> ownRecords(Subjects subjects) {
        Subject mine = subjects.ownRecord(USER);
        return List.of(Properties.keysAreOwn(mine), Properties.disjoint(mine, subjects.ownRecord(USER + "a")),
                Properties.disjoint(mine, subjects.session("acme", Access.READ_WRITE)));
    }

    private static List<Query> abac(Subjects subjects, Access access) {
        List<Query> queries = new ArrayList<>(of(subjects.abacTagged(Optional.empty(), access)));
        queries.add(Properties.keysAreOwn(subjects.abacUntagged(access)));
        for (List<String> pair : TENANT_PAIRS) {
            queries.add(Properties.disjoint(subjects.abacTagged(Optional.of(pair.get(0)), access),
                    subjects.abacTagged(Optional.of(pair.get(1)), access)));
        }
        return queries;
    }

    /** Every id in {@link #TENANT_PAIRS}, once. */
    public static List<String> tenants() {
        Set<String> ids = new LinkedHashSet<>();
        TENANT_PAIRS.forEach(ids::addAll);
        return List.copyOf(ids);
    }
}
