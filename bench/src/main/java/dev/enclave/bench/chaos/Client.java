package dev.enclave.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** The chaos run's HTTP: every exchange counted in the {@link Tally}; no answer at all is status 0. */
final class Client {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    /** One answer; {@code status} 0 when none came (refused connection, reset, timeout). */
    record Reply(int status, String body, String etag) {

        boolean is(int expected) {
            return status == expected;
        }

        /** The problem type's code ({@code organisation-being-deleted}), or "" for an answer that is no problem. */
        String problem() {
            try {
                JsonNode type = JSON.readTree(body).path("type");
                return type.isTextual() ? type.asText().substring(type.asText().lastIndexOf('/') + 1) : "";
            } catch (IOException notJson) {
                return "";
            }
        }

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException notJson) {
                throw new IllegalStateException("not JSON: " + body, notJson);
            }
        }
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final URI base;
    private final Tally tally;

    Client(URI base, Tally tally) {
        this.base = base;
        this.tally = tally;
    }

    Reply get(String path, String token) {
        return send("GET", path, token, null, Map.of());
    }

    Reply send(String method, String path, String token, String json, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        Reply reply;
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            reply = new Reply(response.statusCode(), response.body(),
                    response.headers().firstValue("ETag").orElse(null));
        } catch (IOException noAnswer) {
            reply = new Reply(0, noAnswer.getClass().getSimpleName(), null);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            reply = new Reply(0, "interrupted", null);
        }
        tally.count(method + " " + path, reply);
        return reply;
    }

    /** A token from the local issuer (it persists its key, so tokens outlive restarts). */
    String mint(String subject) {
        return mint(subject, "");
    }

    /** A platform admin's token, for the admin view of tenants. */
    String mintPlatformAdmin(String subject) {
        return mint(subject, ",\"roles\":[\"platform-admin\"]");
    }

    private String mint(String subject, String moreClaims) {
        Reply reply = send("POST", "/local/tokens", null, "{\"sub\":\"" + subject + "\",\"email\":\"" + subject
                + "@chaos.example\"" + moreClaims + "}", Map.of());
        if (!reply.is(200) && !reply.is(201)) {
            throw new IllegalStateException("minting a token: " + reply);
        }
        return reply.json().get("token").asText();
    }
}
