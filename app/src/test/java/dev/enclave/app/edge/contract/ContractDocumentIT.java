package dev.enclave.app.edge.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

@MicronautTest(environments = "local")
class ContractDocumentIT extends LocalStackTest {

    @Test
    void theDocument_isServedAsYamlAndAsJson_withTheSameOperations() {
        Api.Reply yaml = api().get("/openapi/enclave.yml", null);
        Api.Reply json = api().get("/openapi/enclave.json", null);

        assertThat(yaml.status()).isEqualTo(200);
        assertThat(yaml.contentType()).startsWith("application/yaml");
        assertThat(json.status()).isEqualTo(200);
        assertThat(json.contentType()).startsWith("application/json");
        Object fromYaml = new Yaml().load(yaml.body());
        assertThat(fromYaml).isInstanceOf(java.util.Map.class);
        assertThat(operationIds(json.json())).hasSizeGreaterThan(30)
                .containsAll(List.of("createOrganisation", "listMembers", "acceptInvitation", "issueCredentials"));
        assertThat(json.json().at("/openapi").asText()).isEqualTo(((java.util.Map<?, ?>) fromYaml).get("openapi"));
    }

    @Test
    void theDocument_hasNoLocalOnlyRoute_andNoInternalType() {
        JsonNode document = api().get("/openapi/enclave.json", null).json();

        List<String> paths = new ArrayList<>();
        document.get("paths").fieldNames().forEachRemaining(paths::add);
        assertThat(paths).isNotEmpty().allMatch(path -> path.startsWith("/v1/"));
        assertThat(document.get("components").get("schemas").has("Caller")).isFalse();
        assertThat(document.findValuesAsText("name")).as("no parameter or property named caller")
                .doesNotContain("caller");
    }

    @Test
    void everyOperation_hasAUniqueIdATagASummary_andDocumentsItsErrorsAsProblems_andEveryAnswerItsRequestId() {
        JsonNode document = api().get("/openapi/enclave.json", null).json();

        List<String> ids = operationIds(document);
        assertThat(new HashSet<>(ids)).hasSameSizeAs(ids);
        for (JsonNode operation : operations(document)) {
            String id = operation.get("operationId").asText();
            assertThat(operation.get("tags")).as(id).isNotEmpty();
            assertThat(operation.get("summary").asText()).as(id).isNotBlank();
            Set<String> statuses = new HashSet<>();
            operation.get("responses").fieldNames().forEachRemaining(statuses::add);
            assertThat(statuses).as(id).anyMatch(s -> s.startsWith("2")).contains("413", "414", "431");
            operation.get("responses").fields().forEachRemaining(response -> {
                assertThat(response.getValue().at("/headers/X-Request-Id/schema/type").asText())
                        .as(id + " " + response.getKey() + " names X-Request-Id").isEqualTo("string");
                if (response.getKey().startsWith("2")) {
                    return;
                }
                assertThat(response.getValue().at("/content/application~1problem+json/schema/$ref").asText())
                        .as(id + " " + response.getKey()).isEqualTo("#/components/schemas/Problem");
            });
        }
    }

    private static List<String> operationIds(JsonNode document) {
        return operations(document).stream().map(operation -> operation.get("operationId").asText()).toList();
    }

    private static List<JsonNode> operations(JsonNode document) {
        List<JsonNode> operations = new ArrayList<>();
        document.get("paths").forEach(path -> path.forEach(operations::add));
        return operations;
    }
}
