package dev.enclave.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.OpenApiContract.Scope;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract check can fail: answers and requests a tiny document does not allow are refused, and only those. */
class OpenApiContractTest {

    private static final String DOCUMENT = """
            openapi: 3.0.1
            info: {title: Things, version: "1"}
            security: [{bearer: []}]
            paths:
              /v1/things/{id}:
                get:
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                    - {name: limit, in: query, schema: {type: integer, minimum: 1}}
                  responses:
                    "200":
                      description: The thing
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Thing"}
                    "404":
                      description: No such thing
                      content:
                        application/problem+json:
                          schema: {$ref: "#/components/schemas/Problem"}
                put:
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {$ref: "#/components/schemas/Thing"}
                  responses:
                    "204": {description: Stored}
                    "400":
                      description: Not a thing
                      content:
                        application/problem+json:
                          schema: {$ref: "#/components/schemas/Problem"}
            components:
              securitySchemes:
                bearer: {type: http, scheme: bearer}
              schemas:
                Thing:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string, minLength: 1}
                Problem:
                  type: object
                  required: [status, code]
                  properties:
                    status: {type: integer}
                    code: {type: string}
                    detail: {type: string}
                    errors: {type: array, items: {type: object}}
            """;
    private static final Map<String, List<String>> JSON = Map.of("Content-Type", List.of("application/json"));
    private static final Map<String, List<String>> PROBLEM = Map.of("Content-Type",
            List.of("application/problem+json"));
    private static final Map<String, List<String>> BEARER = Map.of("Authorization", List.of("Bearer not-checked"));

    private final OpenApiContract contract = OpenApiContract.of(DOCUMENT);

    @Test
    void aConformingExchange_passes() {
        assertThat(contract.mismatch(get("/v1/things/a?limit=2", 200, JSON, "{\"name\":\"A\"}"), Scope.WHOLE_EXCHANGE))
                .isEmpty();
        assertThat(contract.mismatch(get("/v1/things/b", 404, PROBLEM, "{\"status\":404,\"code\":\"not-found\"}"),
                Scope.WHOLE_EXCHANGE)).isEmpty();
    }

    @Test
    void anAnswerWhoseBodyBreaksItsSchema_isRefused_namingTheExchange() {
        Exchange nameless = get("/v1/things/a", 200, JSON, "{\"title\":\"A\"}");

        assertThat(contract.mismatch(nameless, Scope.WHOLE_EXCHANGE)).get()
                .satisfies(error -> assertThat(error.getMessage()).contains("GET /v1/things/a -> 200 application/json")
                        .contains("name").contains("{\"title\":\"A\"}"));
        assertThat(contract.mismatch(nameless, Scope.ANSWER_ONLY)).as("answers are always checked").isPresent();
    }

    @Test
    void anUndocumentedStatus_orMediaType_isRefused() {
        assertThat(contract.messages(get("/v1/things/a", 201, JSON, "{\"name\":\"A\"}"), Scope.WHOLE_EXCHANGE))
                .extracting(message -> message.getKey()).contains("validation.response.status.unknown");
        assertThat(contract.messages(get("/v1/things/a", 200, Map.of("Content-Type", List.of("text/plain")),
                "{\"name\":\"A\"}"), Scope.WHOLE_EXCHANGE)).isNotEmpty();
    }

    @Test
    void anErrorAnswerThatIsNoProblem_isRefused() {
        assertThat(contract.mismatch(get("/v1/things/b", 404, JSON, "{\"message\":\"Not Found\"}"),
                Scope.ANSWER_ONLY)).isPresent();
    }

    @Test
    void aMalformedRequest_isRefused_unlessSentOnPurpose() {
        Exchange badBody = put("/v1/things/a", JSON, "{\"name\":\"\"}", 400, PROBLEM,
                "{\"status\":400,\"code\":\"validation-failed\",\"errors\":[{\"field\":\"name\","
                        + "\"message\":\"must not be blank\"}]}");
        Exchange badQuery = get("/v1/things/a?limit=zero", 200, JSON, "{\"name\":\"A\"}");

        assertThat(contract.mismatch(badBody, Scope.WHOLE_EXCHANGE)).isPresent();
        assertThat(contract.mismatch(badQuery, Scope.WHOLE_EXCHANGE)).isPresent();
        assertThat(contract.mismatch(badBody, Scope.ANSWER_ONLY)).isEmpty();
        assertThat(contract.mismatch(badQuery, Scope.ANSWER_ONLY)).isEmpty();
    }

    @Test
    void aValidationFailedProblem_thatNamesNoField_isRefused_evenForAnAnswerOnly() {
        Exchange unnamed = put("/v1/things/a", JSON, "{\"name\":\"\"}", 400, PROBLEM,
                "{\"status\":400,\"code\":\"validation-failed\",\"detail\":\"name must not be blank\"}");

        assertThat(contract.mismatch(unnamed, Scope.ANSWER_ONLY)).isPresent();
    }

    @Test
    void aMissingToken_isRefused_butItsValueIsNotJudged() {
        Exchange anonymous = new Exchange("GET", URI.create("http://localhost/v1/things/a"), Map.of(), null, 200,
                JSON, "{\"name\":\"A\"}");

        assertThat(contract.messages(anonymous, Scope.WHOLE_EXCHANGE)).extracting(message -> message.getKey())
                .anyMatch(key -> key.startsWith("validation.request.security"));
        assertThat(contract.mismatch(anonymous, Scope.ANSWER_ONLY)).isEmpty();
    }

    @Test
    void anOperationOptingOutOfTheDefaultSecurity_needsNoToken() {
        OpenApiContract openPut = OpenApiContract.of(DOCUMENT.replace("    put:\n", "    put:\n      security: []\n"));
        Exchange anonymous = new Exchange("PUT", URI.create("http://localhost/v1/things/a"), JSON,
                "{\"name\":\"A\"}", 204, Map.of(), null);

        assertThat(openPut.mismatch(anonymous, Scope.WHOLE_EXCHANGE)).isEmpty();
        assertThat(contract.mismatch(anonymous, Scope.WHOLE_EXCHANGE)).isPresent();
    }

    @Test
    void undocumentedPaths_areRefused_exceptTheInfrastructureOnes() {
        assertThat(contract.mismatch(get("/v1/nothing", 404, PROBLEM, "{}"), Scope.WHOLE_EXCHANGE)).isPresent();
        assertThat(contract.mismatch(get("/v1/nothing", 404, PROBLEM, "{}"), Scope.ANSWER_ONLY)).isEmpty();
        for (String path : List.of("/health", "/health/readiness", "/prometheus", "/openapi/enclave.yml",
                "/.well-known/jwks.json", "/local/tokens", "/local/mail")) {
            assertThat(contract.mismatch(get(path, 200, Map.of(), "anything"), Scope.WHOLE_EXCHANGE)).as(path)
                    .isEmpty();
        }
        assertThat(OpenApiContract.undocumented("/healthy")).isFalse();
    }

    @Test
    void reportOnly_failsNothing_andGroupsTheMismatchesByOperationStatusAndMessage(@TempDir Path directory)
            throws IOException {
        Path report = directory.resolve("report.txt");
        OpenApiContract reporting = OpenApiContract.reporting(DOCUMENT, report);

        assertThat(reporting.mismatch(get("/v1/things/a", 200, JSON, "{}"), Scope.WHOLE_EXCHANGE)).isEmpty();
        assertThat(reporting.mismatch(get("/v1/things/b", 200, JSON, "{}"), Scope.WHOLE_EXCHANGE)).isEmpty();

        assertThat(Files.readString(report)).contains("1 distinct, 2 in all").contains("GET /v1/things/{id} -> 200")
                .contains("x2").contains("first: GET /v1/things/a -> 200 application/json")
                .contains("(OpenApiContractTest.reportOnly_");
    }

    @Test
    void theRequestBody_isReadAgainFromTheJdkRequest() {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost/v1/things/a"));

        assertThat(Exchange.body(request.PUT(HttpRequest.BodyPublishers.ofString("{\"name\":\"ü\"}")).build()))
                .isEqualTo("{\"name\":\"ü\"}");
        assertThat(Exchange.body(request.GET().build())).isNull();
    }

    private static Exchange get(String pathAndQuery, int status, Map<String, List<String>> headers, String body) {
        return new Exchange("GET", URI.create("http://localhost" + pathAndQuery), BEARER, null, status, headers,
                body);
    }

    private static Exchange put(String path, Map<String, List<String>> requestHeaders, String requestBody, int status,
                                Map<String, List<String>> responseHeaders, String responseBody) {
        Map<String, List<String>> headers = new java.util.HashMap<>(requestHeaders);
        headers.putAll(BEARER);
        return new Exchange("PUT", URI.create("http://localhost" + path), headers, requestBody, status,
                responseHeaders, responseBody);
    }
}
