package dev.enclave.app.edge.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Idempotency-Key filter claims the key exactly where the contract names it, so each POST inside an
 * organisation either says it takes the key (and so may answer 409 and 422), refuses it because its answer holds a
 * secret, or only reads; a new POST that changes something and says nothing fails here.
 */
class IdempotentRoutesTest {

    private static final String DOCUMENT = "META-INF/swagger/enclave.yml";
    private static final String KEY_PARAMETER = "#/components/parameters/IdempotencyKey";
    /** The POSTs inside an organisation that change nothing, answered afresh whatever the header. */
    private static final List<String> ONLY_READ = List.of("/v1/orgs/{org}/permissions/check");

    @Test
    void everyPostInsideAnOrganisation_namesTheKey_unlessItsAnswerHoldsASecret_orItOnlyReads() throws IOException {
        List<String> undocumented = new ArrayList<>();
        List<String> secretYetDocumented = new ArrayList<>();
        paths().fields().forEachRemaining(path -> {
            JsonNode post = path.getValue().get("post");
            if (post == null || !path.getKey().startsWith("/v1/orgs/{org}/")) {
                return;
            }
            boolean secret = IdempotencyFilter.answersASecret(path.getKey().replaceAll("\\{[^}]+}", "x"));
            boolean named = namesTheKey(post);
            if (secret && named) {
                secretYetDocumented.add(path.getKey());
            } else if (!secret && !named && !ONLY_READ.contains(path.getKey())) {
                undocumented.add(path.getKey());
            }
        });

        assertThat(undocumented).as("POSTs the filter would not claim a key on, yet changing something").isEmpty();
        assertThat(secretYetDocumented).as("POSTs that refuse the key, yet name it").isEmpty();
        assertThat(IdempotencyFilter.answersASecret("/v1/orgs/acme/credentials")).isTrue();
    }

    private static boolean namesTheKey(JsonNode operation) {
        JsonNode parameters = operation.path("parameters");
        for (JsonNode parameter : parameters) {
            if (KEY_PARAMETER.equals(parameter.path("$ref").asText())) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode paths() throws IOException {
        try (InputStream document = IdempotentRoutesTest.class.getClassLoader().getResourceAsStream(DOCUMENT)) {
            assertThat(document).as(DOCUMENT + " on the test classpath").isNotNull();
            JsonNode contract = new ObjectMapper(new YAMLFactory()).readTree(document);
            assertThat(contract.path("paths").isObject()).isTrue();
            return contract.get("paths");
        }
    }
}
