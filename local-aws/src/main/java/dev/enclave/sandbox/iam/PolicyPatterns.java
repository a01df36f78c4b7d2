package dev.enclave.sandbox.iam;

import java.util.List;
import java.util.Optional;

/**
 * IAM's string patterns: {@code *} and {@code ?} wildcards (for *Like operators, actions and resources) and policy
 * variables {@code ${key}} resolved from the request context, with the escapes {@code ${*}} {@code ${?}}
 * {@code ${$}} standing for literal characters. A variable whose key is absent (or multi-valued) makes the whole
 * value unusable, so it matches nothing.
 */
final class PolicyPatterns {

    private PolicyPatterns() {
    }

    /** The value with its variables resolved, as a glob; empty when a variable is unresolvable. */
    static Optional<Glob> glob(String policyValue, AuthorizationRequest request, boolean ignoreCase) {
        Glob.Builder glob = new Glob.Builder();
        int i = 0;
        while (i < policyValue.length()) {
            char c = policyValue.charAt(i);
            if (c == '$' && i + 1 < policyValue.length() && policyValue.charAt(i + 1) == '{') {
                int end = policyValue.indexOf('}', i);
                if (end < 0) {
                    glob.literal(policyValue.substring(i));
                    break;
                }
                Optional<String> resolved = resolve(policyValue.substring(i + 2, end), request);
                if (resolved.isEmpty()) {
                    return Optional.empty();
                }
                glob.literal(resolved.get());
                i = end + 1;
            } else {
                if (c == '*' || c == '?') {
                    glob.wildcard(c);
                } else {
                    glob.literal(String.valueOf(c));
                }
                i++;
            }
        }
        return Optional.of(glob.build(ignoreCase));
    }

    /** The value with its variables resolved, literally (for *Equals operators). */
    static Optional<String> literal(String policyValue, AuthorizationRequest request) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < policyValue.length()) {
            int start = policyValue.indexOf("${", i);
            int end = start < 0 ? -1 : policyValue.indexOf('}', start);
            if (start < 0 || end < 0) {
                out.append(policyValue.substring(i));
                break;
            }
            out.append(policyValue, i, start);
            Optional<String> resolved = resolve(policyValue.substring(start + 2, end), request);
            if (resolved.isEmpty()) {
                return Optional.empty();
            }
            out.append(resolved.get());
            i = end + 1;
        }
        return Optional.of(out.toString());
    }

    private static Optional<String> resolve(String variable, AuthorizationRequest request) {
        switch (variable) {
            case "*", "?", "$" -> {
                return Optional.of(variable);
            }
            default -> {
                Optional<List<String>> values = request.values(variable);
                return values.filter(v -> v.size() == 1).map(v -> v.get(0));
            }
        }
    }
}
