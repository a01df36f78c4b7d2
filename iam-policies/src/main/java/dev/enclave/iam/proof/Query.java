package dev.enclave.iam.proof;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One question for the solvers about one property of one subject. For a safety property the formula describes a
 * counterexample, so the property holds when it is unsatisfiable; for a liveness property it describes a witness,
 * and the property holds when it is satisfiable.
 *
 * @param property the property's name, e.g. {@code P1}
 * @param subject  what it is about, e.g. {@code S(acme) read-write}
 * @param claim    the property in words
 * @param liveness whether the property holds when the formula is satisfiable
 * @param probes     the requests and what each authorization decides for them
 * @param parameters  the symbolic ids the formula ranges over (their SMT symbols)
 * @param tablePrefix where the subject's table ARN names the table, e.g. {@code arn:aws:dynamodb:r:a:table/}
 * @param script      the formula, SMT-LIB 2.6 without {@code check-sat}
 */
public record Query(String property, String subject, String claim, boolean liveness, List<Probe> probes,
                    List<String> parameters, String tablePrefix, String script) {

    public Query {
        probes = List.copyOf(probes);
        parameters = List.copyOf(parameters);
    }

    /** A request of the query and what an authorization decides for it. */
    record Probe(SymbolicRequest request, Authorization authorization, boolean allowed) {
    }

    /** An authorization and whether the query asks it to allow. */
    record Judged(Authorization authorization, boolean allowed) {
    }

    List<SymbolicRequest> requests() {
        List<SymbolicRequest> requests = new ArrayList<>();
        probes.stream().map(Probe::request).filter(r -> !requests.contains(r)).forEach(requests::add);
        return requests;
    }

    static Builder builder(String property, String subject, String claim, boolean liveness) {
        return new Builder(property, subject, claim, liveness);
    }

    /** Collects declarations and constraints. */
    static final class Builder {

        private final String property;
        private final String subject;
        private final String claim;
        private final boolean liveness;
        private final List<Probe> probes = new ArrayList<>();
        private final List<String> declarations = new ArrayList<>();
        private final List<String> constraints = new ArrayList<>();
        private final Set<String> parameters = new java.util.LinkedHashSet<>();
        private String tablePrefix = "arn:aws:dynamodb:";

        private Builder(String property, String subject, String claim, boolean liveness) {
            this.property = property;
            this.subject = subject;
            this.claim = claim;
            this.liveness = liveness;
        }

        /**
         * A request judged by each of {@code judged}, carrying {@code keys} and every key the authorizations read.
         * A multi-valued key holds up to one value for the property plus one per condition that asks for a value
         * of its own ({@link EncodedPolicy#witnesses}).
         */
        SymbolicRequest request(String name, Set<ContextKey> keys, Judged... judged) {
            Set<ContextKey> all = new HashSet<>(keys);
            Map<ContextKey, Integer> sizes = new TreeMap<>();
            for (Judged j : judged) {
                all.addAll(j.authorization().keys());
                j.authorization().witnesses(j.allowed()).forEach((k, n) -> sizes.merge(k, n, Integer::sum));
            }
            all.forEach(k -> sizes.merge(k, 1, Integer::sum));
            SymbolicRequest request = new SymbolicRequest(name, sizes);
            declarations.addAll(request.declarations());
            constraints.addAll(request.wellFormed());
            for (Judged j : judged) {
                probes.add(new Probe(request, j.authorization(), j.allowed()));
                String allowed = j.authorization().allowed(request);
                constraints.add(j.allowed() ? allowed : Smt.not(allowed));
            }
            return request;
        }

        /** A string constant standing for any value of a parameter (an id) in {@code domain}. */
        String parameter(String name, String domain) {
            String symbol = Smt.symbol(name);
            if (!parameters.add(name)) {
                return symbol;
            }
            declarations.add("(declare-const " + symbol + " String)");
            constraints.add(Smt.inRe(symbol, domain));
            return symbol;
        }

        /** Where the table is named in {@code resources}' table ARN, for readable counterexamples. */
        Builder about(List<String> resources) {
            resources.stream().filter(r -> r.contains(":table/")).findFirst()
                    .ifPresent(r -> tablePrefix = r.substring(0, r.indexOf(":table/") + ":table/".length()));
            return this;
        }

        Builder constrain(String term) {
            constraints.add(term);
            return this;
        }

        Query build() {
            StringBuilder script = new StringBuilder("(set-logic QF_SLIA)\n");
            declarations.forEach(d -> script.append(d).append('\n'));
            constraints.forEach(c -> script.append("(assert ").append(c).append(")\n"));
            return new Query(property, subject, claim, liveness, probes,
                    parameters.stream().map(Smt::symbol).toList(), tablePrefix, script.toString());
        }
    }
}
