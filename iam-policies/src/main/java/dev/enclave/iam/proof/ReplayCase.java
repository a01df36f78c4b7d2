package dev.enclave.iam.proof;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A request from a counterexample or a witness, in the shape of a conformance corpus case, so that another
 * evaluator (the sandbox's, {@code @cloud-copilot/iam-simulate}) can decide it.
 *
 * @param policies      identity-based policy documents
 * @param sessionPolicy the session policy document, or {@code null}
 * @param request       the request
 * @param allowed       what the proof claims: that the documents allow the request, or that they do not
 */
public record ReplayCase(List<String> policies, String sessionPolicy, ConcreteRequest request, boolean allowed) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public ReplayCase {
        policies = List.copyOf(policies);
    }

    /** The case as one line of conformance corpus JSON, plus {@code "claim"}: ALLOW or NOT_ALLOW. */
    public String json() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("policies", policies);
        out.put("sessionPolicy", sessionPolicy);
        out.put("action", request.action());
        out.put("resource", request.resource());
        out.put("context", request.context());
        out.put("claim", allowed ? "ALLOW" : "NOT_ALLOW");
        try {
            return JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
