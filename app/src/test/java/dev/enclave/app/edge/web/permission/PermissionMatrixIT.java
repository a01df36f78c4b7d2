package dev.enclave.app.edge.web.permission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every route of docs/permissions.md's matrix, called by each kind of caller in an organisation of its own, must
 * answer what the matrix says; and the matrix must list exactly the routes this test knows how to call.
 */
@MicronautTest(environments = "local")
class PermissionMatrixIT extends LocalStackTest {

    private static final Path MATRIX = Path.of("..", "docs", "permissions.md");
    private static final Pattern ROW = Pattern.compile(
            "^\\| `([A-Z]+) ([^`]+)` \\| `([a-z_]+:[a-z_]+)`[^|]* \\|(.*)\\|\\s*$");
    private static final List<String> ROLES = List.of("owner", "admin", "member", "custom with", "custom without",
            "outsider");
    private static final String LABEL = "billing";

    /** What each route sends, by its matrix key; the path's placeholders are prepared per case. */
    private static final Map<String, String> BODIES = bodies();
    /** The query a route needs, by its matrix key. */
    private static final Map<String, String> QUERIES = Map.of("GET /v1/orgs/{org}/members/{user}/access",
            "?service=svc&group=" + LABEL);

    @Test
    void everyRoute_answersEveryKindOfCaller_asTheMatrixSays() throws IOException {
        List<Row> rows = matrix();
        assertThat(rows.stream().map(Row::key).collect(Collectors.toSet()))
                .as("the routes in docs/permissions.md").isEqualTo(BODIES.keySet());
        List<Case> cases = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            for (int role = 0; role < ROLES.size(); role++) {
                cases.add(new Case(rows.get(r), role, "pm" + r + "x" + role));
            }
        }
        List<String> disagreements = inParallel(cases).stream().filter(found -> !found.isEmpty()).toList();

        assertThat(disagreements).as("cells where the server and docs/permissions.md disagree").isEmpty();
    }

    /** Each case on one of a few threads: the cases are independent, each in its own organisation. */
    private List<String> inParallel(List<Case> cases) {
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<String>> runs = cases.stream().map(c -> pool.submit(() -> run(c))).toList();
            List<String> found = new ArrayList<>();
            for (Future<String> run : runs) {
                found.add(run.get(2, TimeUnit.MINUTES));
            }
            return found;
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new AssertionError(e);
        } finally {
            pool.shutdownNow();
        }
    }

    private String run(Case c) {
        String owner = journeys().organisation(c.org());
        String actor = actor(c, owner);
        Map<String, String> placeholders = prepare(c, owner);
        String path = c.row().path().replace("{org}", c.org());
        for (Map.Entry<String, String> placeholder : placeholders.entrySet()) {
            path = path.replace("{" + placeholder.getKey() + "}", placeholder.getValue());
        }
        Api.Reply reply = call(c.row().method(), path + QUERIES.getOrDefault(c.row().key(), ""),
                BODIES.get(c.row().key()), actor);
        String found = reply.status() / 100 == 2 ? "✓" : Integer.toString(reply.status());
        String expected = c.row().cells().get(c.role());
        return found.equals(expected) ? "" : c.row().key() + " as " + ROLES.get(c.role()) + ": expected " + expected
                + ", got " + reply.status() + " " + reply.body();
    }

    /** The caller of the case's kind, a member of the organisation (but the outsider). */
    private String actor(Case c, String owner) {
        String org = c.org();
        Permission needed = c.row().permission();
        return switch (ROLES.get(c.role())) {
            case "owner" -> owner;
            case "admin" -> joinedWith(org, owner, "adm", "admin");
            case "member" -> joinedWith(org, owner, "mem", null);
            case "custom with" -> {
                define(org, owner, "with", List.of(needed.value()));
                yield joinedWith(org, owner, "cw", "with");
            }
            case "custom without" -> {
                define(org, owner, "without", SystemPermissions.ALL.stream().filter(p -> !p.equals(needed))
                        .map(Permission::value).toList());
                yield joinedWith(org, owner, "cwo", "without");
            }
            default -> journeys().member("outsider");
        };
    }

    /** The resources the route's path names, made by the owner. */
    private Map<String, String> prepare(Case c, String owner) {
        String org = c.org();
        String base = "/v1/orgs/" + org;
        String path = c.row().path();
        Map<String, String> made = new HashMap<>();
        String body = BODIES.get(c.row().key());
        if (path.contains("{user}") || body != null && body.contains("\"tgt\"")) {
            joinedWith(org, owner, "tgt", null);
            made.put("user", "tgt");
        }
        if (path.contains("{label}")) {
            made.put("label", LABEL);
        }
        if (path.contains("{service}")) {
            expect(api().post(base + "/services", "{\"id\":\"svc\",\"name\":\"Svc\"}", owner), 201);
            made.put("service", "svc");
        }
        if (c.row().method().equals("DELETE") && path.endsWith("/groups/{label}")) {
            expect(put(base + "/members/tgt/groups/" + LABEL, owner), 200);
        }
        if (c.row().method().equals("DELETE") && path.endsWith("/members/{user}") && path.contains("/services/")) {
            expect(put(base + "/services/svc/groups/" + LABEL + "/members/tgt", owner), 204);
        }
        if (path.contains("{group}")) {
            define(org, owner, "target", List.of("members:read"));
            made.put("group", "target");
        }
        if (path.contains("{invitation}")) {
            made.put("invitation", journeys().invite(org, owner, "invitee").json().get("invitation").get("id")
                    .asText());
        }
        if (path.contains("{key}")) {
            made.put("key", expect(api().post(base + "/api-keys", "{\"name\":\"k\",\"access\":\"read\"}", owner), 201)
                    .json().get("id").asText());
        }
        if (path.contains("{webhook}")) {
            made.put("webhook", expect(api().post(base + "/webhooks", "{\"url\":\"http://127.0.0.1:9/hook\"}",
                    owner), 201).json().get("endpoint").get("id").asText());
        }
        return made;
    }

    private String joinedWith(String org, String owner, String user, String group) {
        journeys().join(org, owner, user);
        if (group != null) {
            expect(put("/v1/orgs/" + org + "/members/" + user + "/groups/" + group, owner), 200);
        }
        return journeys().member(user);
    }

    private void define(String org, String owner, String id, List<String> permissions) {
        String listed = permissions.stream().map(p -> "\"" + p + "\"").collect(Collectors.joining(","));
        expect(api().post("/v1/orgs/" + org + "/groups", "{\"id\":\"" + id + "\",\"permissions\":[" + listed + "]}",
                owner), 201);
    }

    private Api.Reply call(String method, String path, String body, String token) {
        HttpRequest.Builder request = api().request(path, token).header("If-Match", "*");
        HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body);
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return api().send(request.method(method, publisher));
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    private static Api.Reply expect(Api.Reply reply, int status) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(status);
        return reply;
    }

    private static List<Row> matrix() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(MATRIX)) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                List<String> cells = List.of(row.group(4).split("\\|")).stream().map(String::trim).toList();
                assertThat(cells).as(line).hasSize(ROLES.size());
                rows.add(new Row(row.group(1), row.group(2), new Permission(row.group(3)), cells));
            }
        }
        return rows;
    }

    private static Map<String, String> bodies() {
        Map<String, String> bodies = new LinkedHashMap<>();
        bodies.put("GET /v1/orgs/{org}", null);
        bodies.put("PATCH /v1/orgs/{org}", "{\"name\":\"Renamed\"}");
        bodies.put("DELETE /v1/orgs/{org}", null);
        bodies.put("GET /v1/orgs/{org}/members", null);
        bodies.put("GET /v1/orgs/{org}/members/{user}", null);
        bodies.put("DELETE /v1/orgs/{org}/members/{user}", null);
        bodies.put("PUT /v1/orgs/{org}/members/{user}/groups/{label}", null);
        bodies.put("DELETE /v1/orgs/{org}/members/{user}/groups/{label}", null);
        bodies.put("POST /v1/orgs/{org}/transfer-ownership", "{\"userId\":\"tgt\"}");
        bodies.put("GET /v1/orgs/{org}/members/{user}/permissions", null);
        bodies.put("POST /v1/orgs/{org}/permissions/check",
                "{\"checks\":[{\"userId\":\"tgt\",\"permission\":\"org:read\"},{\"permission\":\"invoices:approve\"}]}");
        bodies.put("GET /v1/me/orgs/{org}/permissions", null);
        bodies.put("GET /v1/orgs/{org}/groups", null);
        bodies.put("GET /v1/orgs/{org}/groups/{group}", null);
        bodies.put("POST /v1/orgs/{org}/groups", "{\"id\":\"fresh\",\"permissions\":[\"members:read\"]}");
        bodies.put("PATCH /v1/orgs/{org}/groups/{group}", "{\"description\":\"Changed\"}");
        bodies.put("DELETE /v1/orgs/{org}/groups/{group}", null);
        bodies.put("POST /v1/orgs/{org}/invitations", "{\"email\":\"someone@example.com\"}");
        bodies.put("GET /v1/orgs/{org}/invitations", null);
        bodies.put("POST /v1/orgs/{org}/invitations/{invitation}/revoke", null);
        bodies.put("POST /v1/orgs/{org}/invitations/{invitation}/resend", null);
        bodies.put("GET /v1/orgs/{org}/invitation-delivery", null);
        bodies.put("PUT /v1/orgs/{org}/invitation-delivery", "{\"delivery\":\"token\"}");
        bodies.put("POST /v1/orgs/{org}/services", "{\"id\":\"fresh\",\"name\":\"Fresh\"}");
        bodies.put("GET /v1/orgs/{org}/services", null);
        bodies.put("GET /v1/orgs/{org}/services/{service}", null);
        bodies.put("PATCH /v1/orgs/{org}/services/{service}", "{\"name\":\"Renamed\"}");
        bodies.put("DELETE /v1/orgs/{org}/services/{service}", null);
        bodies.put("PUT /v1/orgs/{org}/services/{service}/groups/{label}/members/{user}", null);
        bodies.put("DELETE /v1/orgs/{org}/services/{service}/groups/{label}/members/{user}", null);
        bodies.put("GET /v1/orgs/{org}/services/{service}/groups/{label}/members", null);
        bodies.put("GET /v1/orgs/{org}/services/{service}/groups", null);
        bodies.put("PUT /v1/orgs/{org}/services/{service}/groups/{label}", "{\"permissions\":[]}");
        bodies.put("GET /v1/orgs/{org}/members/{user}/access", null);
        bodies.put("POST /v1/orgs/{org}/api-keys", "{\"name\":\"fresh\",\"access\":\"read\"}");
        bodies.put("GET /v1/orgs/{org}/api-keys", null);
        bodies.put("DELETE /v1/orgs/{org}/api-keys/{key}", null);
        bodies.put("POST /v1/orgs/{org}/credentials", "{}");
        bodies.put("GET /v1/orgs/{org}/events", null);
        bodies.put("GET /v1/orgs/{org}/audit-log", null);
        bodies.put("GET /v1/orgs/{org}/audit-log/export", null);
        bodies.put("POST /v1/orgs/{org}/audit-log", "{\"action\":\"invoice.approved\","
                + "\"actor\":{\"type\":\"user\",\"id\":\"u1\"}}");
        bodies.put("POST /v1/orgs/{org}/webhooks", "{\"url\":\"http://127.0.0.1:9/fresh\"}");
        bodies.put("GET /v1/orgs/{org}/webhooks", null);
        bodies.put("GET /v1/orgs/{org}/webhooks/{webhook}", null);
        bodies.put("PATCH /v1/orgs/{org}/webhooks/{webhook}", "{\"description\":\"Changed\"}");
        bodies.put("DELETE /v1/orgs/{org}/webhooks/{webhook}", null);
        bodies.put("POST /v1/orgs/{org}/webhooks/{webhook}/rotate-secret", null);
        bodies.put("GET /v1/orgs/{org}/webhooks/{webhook}/deliveries", null);
        return bodies;
    }

    private record Row(String method, String path, Permission permission, List<String> cells) {

        String key() {
            return method + " " + path;
        }
    }

    private record Case(Row row, int role, String org) {
    }
}
