package dev.enclave.app.edge.problem;

import static dev.enclave.app.support.ProblemReplies.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

@MicronautTest(environments = "local")
class ErrorResponsesIT extends LocalStackTest {

    @Test
    void post_withMalformedJson_isMalformedBodyProblem() {
        assertProblem(api().post("/local/tokens", "{\"sub\":", null), 400, "malformed-body");
    }

    @Test
    void post_withWrongJsonType_isValidationProblemNamingTheField() {
        Api.Reply reply = api().post("/local/tokens", "{\"sub\":\"u\",\"email\":\"a@b.co\",\"ttlSeconds\":\"60\"}", null);
        assertProblem(reply, 400, "validation-failed");
        assertThat(reply.json().get("errors").get(0).get("field").asText()).isEqualTo("ttlSeconds");
        assertThat(reply.json().get("errors").get(0).get("message").asText()).isEqualTo("must be a whole number");
    }

    @Test
    void validationProblems_listAtMostTenViolations() {
        String owner = journeys().organisation("err-many");
        String groups = "[" + "\"NOT A GROUP\",".repeat(19) + "\"NOT A GROUP\"]";
        Api.Reply reply = api().hostile().post("/v1/orgs/err-many/invitations",
                "{\"email\":\"bob@example.com\",\"groups\":" + groups + ",\"serviceGroups\":" + groups + "}", owner);

        assertProblem(reply, 400, "validation-failed");
        assertThat(reply.json().get("errors")).hasSize(10);
    }

    @Test
    void post_withJsonArrayInsteadOfObject_isMalformedBodyProblem() {
        assertProblem(api().post("/local/tokens", "[1,2]", null), 400, "malformed-body");
    }

    @Test
    void post_withEmptyBody_isAProblemNotAFault() {
        Api.Reply reply = api().post("/local/tokens", "", null);

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.contentType()).isEqualTo("application/problem+json");
    }

    @Test
    void get_unknownPath_isNotFoundProblem() {
        assertProblem(api().hostile().get("/v1/nothing-here", null), 404, "not-found");
    }

    @Test
    void delete_onPostOnlyRoute_isMethodNotAllowedProblem() {
        Api.Reply reply = api().send(api().request("/local/tokens", null).DELETE());

        assertProblem(reply, 405, "method-not-allowed");
        assertThat(reply.header("Allow")).isEqualTo("POST");
    }

    @Test
    void get_acceptingOnlyXml_isNotAcceptableProblem() {
        String token = tokens().mint("u", "u@example.com");

        assertProblem(api().hostile().send(api().request("/v1/me", token).header("Accept", "application/xml")
                .GET()), 406, "not-acceptable");
    }

    /** What a client generated from the contract sends where an operation's success has no body. */
    @Test
    void aRequestAcceptingProblemDocumentsAlone_isAnsweredAsAnyOther() {
        String owner = journeys().organisation("accepts-problems");
        assertThat(api().post("/v1/orgs/accepts-problems/services", "{\"id\":\"gone\",\"name\":\"Gone\"}", owner)
                .status()).isEqualTo(201);

        Api.Reply deleted = api().send(api().request("/v1/orgs/accepts-problems/services/gone", owner)
                .header("Accept", "application/problem+json").DELETE());
        Api.Reply again = api().send(api().request("/v1/orgs/accepts-problems/services/gone", owner)
                .header("Accept", "application/problem+json").DELETE());

        assertThat(deleted.status()).as(deleted.body()).isEqualTo(204);
        assertProblem(again, 404, "service-not-found");
    }

    @Test
    void anAnswer_isLabelledAsItIsWritten_whateverCharsetTheRequestAccepts() {
        String token = tokens().mint("u", "u@example.com");

        Api.Reply json = api().hostile().send(api().request("/v1/me", token).header("Accept",
                "application/json; charset=utf-16").GET());
        Api.Reply problem = api().hostile().send(api().request("/v1/orgs/nowhere", token)
                .header("Accept", "application/json; charset=iso-8859-1").GET());

        assertThat(json.status()).isEqualTo(200);
        assertThat(json.contentType()).isEqualTo("application/json");
        assertThat(problem.status()).isEqualTo(404);
        assertThat(problem.contentType()).isEqualTo("application/problem+json");
    }

    @Test
    void aBodyNotInWellFormedUtf8_isMalformed_andOneInAnotherCharset_isUnsupported_andNeitherChangesAnything() {
        String token = tokens().mint("utf", "utf@example.com");
        byte[] overlongSlash = {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', 'a', (byte) 0xe0, (byte) 0x80, (byte) 0xaf,
            'b', '"', '}'};

        Api.Reply overlong = api().hostile().send(api().request("/v1/me", token).header("Content-Type",
                "application/json").method("PATCH", HttpRequest.BodyPublishers.ofByteArray(overlongSlash)));
        Api.Reply latin1 = api().hostile().send(api().request("/v1/me", token).header("Content-Type",
                "application/json; charset=iso-8859-1").method("PATCH", HttpRequest.BodyPublishers.ofString(
                        "{\"name\":\"Zo\u00eb\"}", StandardCharsets.ISO_8859_1)));

        Api.Reply unknown = api().hostile().send(api().request("/v1/me", token).header("Content-Type",
                "application/json; charset=bogus").method("PATCH", HttpRequest.BodyPublishers.ofString("{}")));
        Api.Reply empty = api().hostile().send(api().request("/v1/me", token).header("Content-Type",
                "application/json; charset=\"\"").method("PATCH", HttpRequest.BodyPublishers.ofString("{}")));

        assertProblem(overlong, 400, "malformed-body");
        assertProblem(latin1, 415, "unsupported-media-type");
        assertProblem(unknown, 415, "unsupported-media-type");
        assertProblem(empty, 415, "unsupported-media-type");
        assertThat(api().get("/v1/me", token).body()).as("no name was set").doesNotContain("a/b").doesNotContain("Zo");
    }

    /**
     * Micronaut refuses a foreign {@code Origin} calling the server by a local address (a web page driving the
     * local run), before any route: outside the contract's operations, so sent past its check.
     */
    @Test
    void aForeignOriginCallingALocalAddress_isRefusedWithAProblem() throws Exception {
        String token = tokens().mint("u", "u@example.com");

        HttpResponse<String> refused = HttpClient.newHttpClient().send(api().request("/v1/me", token)
                .header("Origin", "https://evil.example").GET().build(), HttpResponse.BodyHandlers.ofString());

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
        assertThat(refused.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(new ObjectMapper().readTree(refused.body()).get("code").asText()).isEqualTo("forbidden");
    }

    @Test
    void post_withTextBody_isUnsupportedMediaTypeProblem() {
        assertProblem(api().send(api().request("/local/tokens", null).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("hello"))), 415, "unsupported-media-type");
    }

    @Test
    void post_withBodyOverTheLimit_isPayloadTooLargeProblem() {
        String huge = "{\"sub\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}";

        assertProblem(api().post("/local/tokens", huge, null), 413, "payload-too-large");
    }

    @Test
    void aLargeBodyLabelledCompressed_isRefused415_compressedOrNot_neverDecompressed() throws Exception {
        String token = tokens().mint("gz", "gz@example.com");
        String json = "{\"id\":\"org-gzip\",\"name\":\"" + "a".repeat(900_000) + "\"}";
        java.io.ByteArrayOutputStream gzipped = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gzip = new java.util.zip.GZIPOutputStream(gzipped)) {
            gzip.write(json.getBytes(StandardCharsets.UTF_8));
        }

        Api.Reply mislabelled = api().hostile().send(api().request("/v1/orgs", token)
                .header("Content-Type", "application/json").header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
        Api.Reply compressed = api().hostile().send(api().request("/v1/orgs", token)
                .header("Content-Type", "application/json").header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(gzipped.toByteArray())));

        assertProblem(mislabelled, 415, "unsupported-media-type");
        assertProblem(compressed, 415, "unsupported-media-type");
    }

    @Test
    void aRequestLineOverTheLimit_is414_withNoInstanceToName_andTheRequestId() {
        Api.Reply reply = api().hostile().get("/v1/orgs/" + "a".repeat(9_000), null);

        assertProblem(reply, 414, "uri-too-long");
        assertThat(reply.json().has("instance")).as("the path was never read").isFalse();
        assertThat(reply.header("X-Request-Id")).isEqualTo(reply.json().get("requestId").asText());
        assertThat(api().hostile().get("/v1/orgs/after-414", null).status())
                .as("the connection it closed is not the next request's: the 414 said Connection: close")
                .isEqualTo(401);
    }

    @Test
    void anUnreadableRequestLine_is400_withoutAMadeUpInstance() throws Exception {
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write("NONSENSE\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            int bodyStarts = answer.indexOf("\r\n\r\n") + 4;
            String head = answer.substring(0, bodyStarts);
            JsonNode problem = new ObjectMapper().readTree(answer.substring(bodyStarts));

            assertThat(head).containsPattern("^HTTP/1.[01] 400").containsIgnoringCase("x-request-id:")
                    .containsIgnoringCase("content-type: application/problem+json");
            assertThat(problem.get("status").asInt()).isEqualTo(400);
            assertThat(problem.has("instance")).as("no path was read").isFalse();
        }
    }

    @Test
    void headersOverTheLimit_are431_withTheirPath_andTheRequestId() {
        Api.Reply reply = api().hostile().send(api().request("/v1/me", null).header("X-Big", "b".repeat(20_000))
                .GET());

        assertProblem(reply, 431, "headers-too-large");
        assertThat(reply.json().get("instance").asText()).isEqualTo("/v1/me");
        assertThat(reply.header("X-Request-Id")).isEqualTo(reply.json().get("requestId").asText());
    }

    @Test
    void aBodyOverTheLimit_is413_alsoOnRoutesThatTakeNoBody() {
        String token = tokens().mint("{\"sub\":\"adm\",\"email\":\"adm@example.com\",\"roles\":[\"platform-admin\"]}");
        String huge = "{\"a\":\"" + "x".repeat(1_150_000) + "\"}";

        Api.Reply suspend = api().hostile().post("/v1/admin/tenants/acme/suspend", huge, token);

        assertProblem(suspend, 413, "payload-too-large");
        assertThat(suspend.header("X-Request-Id")).isEqualTo(suspend.json().get("requestId").asText());
    }

    @Test
    void everyResponse_carriesTheRequestId_keepingAWellFormedOneFromTheCaller() {
        Api.Reply chosen = api().hostile().send(api().request("/v1/nothing", null)
                .header("X-Request-Id", "trace-1234567").GET());
        Api.Reply hostile = api().hostile().send(api().request("/v1/nothing", null)
                .header("X-Request-Id", "a b\"<>").GET());

        assertThat(chosen.header("X-Request-Id")).isEqualTo("trace-1234567");
        assertThat(chosen.json().get("requestId").asText()).isEqualTo("trace-1234567");
        assertThat(hostile.header("X-Request-Id")).matches("[0-9a-f-]{36}");
    }
}
