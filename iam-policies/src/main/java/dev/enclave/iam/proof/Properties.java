package dev.enclave.iam.proof;

import dev.enclave.iam.proof.Query.Judged;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The isolation properties, each as queries whose answer decides it. Safety properties (P1–P6) ask the solver for
 * a counterexample; liveness (P7, and P4's "each resource") for a witness.
 */
final class Properties {

    private static final Set<ContextKey> LEADING = Set.of(ContextKey.LEADING_KEYS);

    private Properties() {
    }

    /** P1: every allowed request names leading keys, and each is the subject's own. */
    static Query keysAreOwn(Subject subject) {
        Subject.KeySpec spec = subject.keys().orElseThrow();
        Query.Builder query = builder("P1", subject, "every allowed request names leading keys, each "
                + spec.description(), false);
        SymbolicRequest r = query.request("r", LEADING, allowedAlone(subject));
        query.constrain(spec.assumption().apply(r));
        query.constrain(Smt.not(Smt.and(r.present(ContextKey.LEADING_KEYS),
                r.everyValue(ContextKey.LEADING_KEYS, value -> spec.ownKey().apply(r, value)))));
        return query.build();
    }

    /** P2: no leading key is allowed to both subjects. */
    static Query disjoint(Subject a, Subject b) {
        Query.Builder query = Query.builder("P2", a.name() + " vs " + b.name(),
                "no leading key is allowed to both", false);
        declareParameters(query, a);
        declareParameters(query, b);
        SymbolicRequest r1 = query.request("r1", LEADING, new Judged(a.alone(), true));
        SymbolicRequest r2 = query.request("r2", LEADING, new Judged(b.alone(), true));
        a.keys().ifPresent(spec -> query.constrain(spec.assumption().apply(r1)));
        b.keys().ifPresent(spec -> query.constrain(spec.assumption().apply(r2)));
        String shared = query.parameter("shared-key", SmtRegex.ANY_STRING);
        query.constrain(r1.someValue(ContextKey.LEADING_KEYS, v -> Smt.eq(v, shared)));
        query.constrain(r2.someValue(ContextKey.LEADING_KEYS, v -> Smt.eq(v, shared)));
        return query.build();
    }

    /**
     * P3: no {@code write} is allowed that names an index key attribute — under the named assumption that AWS sends
     * {@code dynamodb:Attributes} on that action, which the AWS Service Authorization Reference lists for it
     * ({@code proof/dynamodb-actions.txt}; an action it does not list it for has no such assumption to make).
     */
    static Query noIndexKeyWrites(Subject subject, String write) {
        if (!Readable.DYNAMODB_ACTIONS.getOrDefault(write, List.of()).contains(ContextKey.ATTRIBUTES)) {
            throw new IllegalStateException("the Service Authorization Reference lists no dynamodb:Attributes for "
                    + write + ": P3 would rest on nothing");
        }
        Query.Builder query = builder("P3", subject, "no " + write + " names an index key attribute, assuming AWS"
                + " sends dynamodb:Attributes on " + write + " (listed for it by the Service Authorization Reference)",
                false);
        SymbolicRequest r = query.request("r", Set.of(ContextKey.ATTRIBUTES), allowedAlone(subject));
        query.constrain(actionIn(r, List.of(write)));
        query.constrain(r.present(ContextKey.ATTRIBUTES));
        query.constrain(r.someValue(ContextKey.ATTRIBUTES, name -> Smt.or(subject.indexWrites().stream()
                .map(attribute -> Smt.eq(name, Smt.str(attribute))).toList())));
        return query.build();
    }

    /** P4: every allowed request is one of the grants (its action on one of its resources). */
    static Query onlyGrantedResources(Subject subject) {
        Query.Builder query = builder("P4", subject, "every allowed request names a granted resource "
                + subject.resources() + " with an action granted on it", false);
        SymbolicRequest r = query.request("r", Set.of(), allowedAlone(subject));
        query.constrain(Smt.not(Smt.or(subject.grants().stream().map(g -> g.covers(r)).toList())));
        return query.build();
    }

    /** P4, the other half: each granted resource is reachable by a granted action. */
    static List<Query> eachResourceReachable(Subject subject) {
        List<Query> queries = new ArrayList<>();
        for (String resource : subject.resources()) {
            Query.Builder query = builder("P4", subject, "some request on " + resource + " is allowed", true);
            SymbolicRequest r = query.request("r", Set.of(), new Judged(subject.granted(), true));
            query.constrain(Smt.eq(r.resource(), Smt.str(resource)));
            query.constrain(actionIn(r, subject.actions()));
            queries.add(query.build());
        }
        return queries;
    }

    /** P5: no action outside the granted ones (no Scan, PartiQL, Describe*, wildcard) is allowed. */
    static Query onlyGrantedActions(Subject subject) {
        Query.Builder query = builder("P5", subject, "every allowed action is one of " + subject.actions(), false);
        SymbolicRequest r = query.request("r", Set.of(), allowedAlone(subject));
        query.constrain(Smt.not(actionIn(r, subject.actions())));
        return query.build();
    }

    /** P6: {@code narrower} allows nothing {@code wider} does not. */
    static Query within(Subject narrower, Subject wider) {
        Query.Builder query = Query.builder("P6", narrower.name() + " within " + wider.name(),
                "allows nothing the wider policy does not", false);
        declareParameters(query, narrower);
        declareParameters(query, wider);
        query.request("r", LEADING, new Judged(narrower.alone(), true), new Judged(wider.alone(), false));
        return query.build();
    }

    /** P7: each granted action has a request the session really allows, so a policy allowing nothing fails. */
    static List<Query> eachActionAllowed(Subject subject) {
        List<Query> queries = new ArrayList<>();
        for (String action : subject.actions()) {
            Query.Builder query = builder("P7", subject, "some " + action + " request is allowed", true);
            SymbolicRequest r = query.request("r", Set.of(), new Judged(subject.granted(), true));
            query.constrain(actionIn(r, List.of(action)));
            queries.add(query.build());
        }
        return queries;
    }

    /** Whether the request's action is one of {@code actions}, ignoring case as IAM does (it is lower case). */
    static String actionIn(SymbolicRequest request, List<String> actions) {
        return Smt.or(actions.stream().map(a -> Smt.eq(request.action(), Smt.str(a.toLowerCase(Locale.ROOT))))
                .toList());
    }

    private static Query.Builder builder(String property, Subject subject, String claim, boolean liveness) {
        Query.Builder query = Query.builder(property, subject.name(), claim, liveness);
        declareParameters(query, subject);
        return query;
    }

    private static void declareParameters(Query.Builder query, Subject subject) {
        query.about(subject.resources());
        subject.parameters().forEach(p -> query.parameter(Smt.unquote(p.symbol()), p.domain()));
    }

    private static Judged allowedAlone(Subject subject) {
        return new Judged(subject.alone(), true);
    }
}
