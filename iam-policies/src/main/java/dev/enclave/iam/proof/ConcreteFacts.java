package dev.enclave.iam.proof;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Equalities that fix a symbolic request to a concrete one. */
final class ConcreteFacts {

    private ConcreteFacts() {
    }

    static List<String> of(SymbolicRequest symbolic, ConcreteRequest request) {
        List<String> facts = new ArrayList<>();
        facts.add(Smt.eq(symbolic.action(), Smt.str(request.action().toLowerCase(Locale.ROOT))));
        facts.add(Smt.eq(symbolic.resource(), Smt.str(request.resource())));
        for (Map.Entry<ContextKey, Integer> entry : symbolic.sizes().entrySet()) {
            ContextKey key = entry.getKey();
            List<String> values = request.values(key);
            facts.add(values == null ? Smt.not(symbolic.present(key)) : symbolic.present(key));
            if (values == null) {
                continue;
            }
            if (key.multiValued()) {
                for (int i = 0; i < entry.getValue(); i++) {
                    facts.add(i < values.size() ? symbolic.active(key, i) : Smt.not(symbolic.active(key, i)));
                    if (i < values.size()) {
                        facts.add(Smt.eq(symbolic.element(key, i), Smt.str(values.get(i))));
                    }
                }
            } else if (values.size() == 1) {
                facts.add(Smt.eq(symbolic.value(key), Smt.str(values.get(0))));
            } else {
                throw new UnsupportedPolicyException(values.size() + " values for the single-valued key " + key);
            }
        }
        return facts;
    }
}
