package dev.enclave.iam.proof;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What decides a request: identity-based policies and, for a role session, its session policy. Allowed when an
 * identity policy allows, the session policy (if any) allows too, and no statement of either denies — the
 * intersection AWS applies to a session, and the one the sandbox evaluator applies.
 *
 * @param identity the identity-based policies
 * @param session  the session policy, if the request is made by a role session with one
 */
public record Authorization(List<EncodedPolicy> identity, Optional<EncodedPolicy> session) {

    public Authorization {
        identity = List.copyOf(identity);
    }

    /** A principal with this one identity-based policy (how a policy is judged on its own). */
    public static Authorization byPolicy(EncodedPolicy policy) {
        return new Authorization(List.of(policy), Optional.empty());
    }

    /** A session of a role with {@code rolePolicy}, carrying {@code sessionPolicy}. */
    public static Authorization bySession(EncodedPolicy rolePolicy, EncodedPolicy sessionPolicy) {
        return new Authorization(List.of(rolePolicy), Optional.of(sessionPolicy));
    }

    String allowed(SymbolicRequest request) {
        List<String> terms = new ArrayList<>();
        terms.add(Smt.or(identity.stream().map(p -> p.allows(request)).toList()));
        session.ifPresent(s -> terms.add(s.allows(request)));
        terms.add(Smt.not(denied(request)));
        return Smt.and(terms);
    }

    String denied(SymbolicRequest request) {
        return Smt.or(policies().stream().map(p -> p.denies(request)).toList());
    }

    Set<ContextKey> keys() {
        Set<ContextKey> keys = new TreeSet<>();
        policies().forEach(p -> keys.addAll(p.keys()));
        return keys;
    }

    /** The values per multi-valued key a request needs to be allowed ({@code mustAllow}) or not, summed. */
    Map<ContextKey, Integer> witnesses(boolean mustAllow) {
        Map<ContextKey, Integer> counts = new TreeMap<>();
        policies().forEach(p -> p.witnesses(mustAllow).forEach((k, n) -> counts.merge(k, n, Integer::sum)));
        return counts;
    }

    /** The identity policies' documents. */
    public List<String> identityJson() {
        return identity.stream().map(EncodedPolicy::json).toList();
    }

    /** The session policy's document, or {@code null} for none (the shape conformance cases use). */
    public String sessionJson() {
        return session.map(EncodedPolicy::json).orElse(null);
    }

    private List<EncodedPolicy> policies() {
        List<EncodedPolicy> all = new ArrayList<>(identity);
        session.ifPresent(all::add);
        return all;
    }
}
