package dev.enclave.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * DynamoDB calls and consumed capacity per API request, from the scoped application's own metrics: a scripted walk
 * through every endpoint (each walk on a fresh organisation), then {@code enclave.dynamodb.calls} and
 * {@code enclave.dynamodb.capacity} (tagged with the endpoint) divided by {@code http.server.requests} of that
 * endpoint, all as differences between a scrape before and one after.
 */
final class CostPerOperation {

    /** One endpoint's cost. {@code operations} maps each DynamoDB operation to its calls per request. */
    record Row(String method, String uri, long requests, double callsPerRequest, double capacityPerRequest,
               Map<String, Double> operations) {
    }

    private final Http api;
    private final TokenMint mint;

    CostPerOperation(Http scoped, TokenMint mint) {
        this.api = scoped;
        this.mint = mint;
    }

    List<Row> measure(int walks) {
        Prometheus before = Prometheus.scrape(api);
        for (int walk = 0; walk < walks; walk++) {
            walk(String.format(Locale.ROOT, "cost%05d", walk));
        }
        Prometheus after = Prometheus.scrape(api);
        Map<String, Double> requests = difference(after.sumBy("http_server_requests_seconds_count", "method", "uri"),
                before.sumBy("http_server_requests_seconds_count", "method", "uri"));
        Map<String, Double> calls = difference(after.sumBy("enclave_dynamodb_calls_total", "method", "uri", "operation"),
                before.sumBy("enclave_dynamodb_calls_total", "method", "uri", "operation"));
        Map<String, Double> capacity = difference(after.sumBy("enclave_dynamodb_capacity_sum", "method", "uri"),
                before.sumBy("enclave_dynamodb_capacity_sum", "method", "uri"));
        List<Row> rows = new ArrayList<>();
        requests.forEach((endpoint, count) -> {
            if (endpoint.contains("/v1/")) {
                rows.add(row(endpoint, count, calls, capacity.getOrDefault(endpoint, 0.0)));
            }
        });
        return rows;
    }

    private static Row row(String endpoint, double count, Map<String, Double> calls, double capacity) {
        Map<String, Double> operations = new TreeMap<>();
        calls.forEach((key, value) -> {
            if (key.startsWith(endpoint + " ")) {
                operations.put(key.substring(endpoint.length() + 1), value / count);
            }
        });
        String[] methodAndUri = endpoint.split(" ", 2);
        return new Row(methodAndUri[0], methodAndUri[1], Math.round(count),
                operations.values().stream().mapToDouble(Double::doubleValue).sum(), capacity / count, operations);
    }

    private static Map<String, Double> difference(Map<String, Double> after, Map<String, Double> before) {
        Map<String, Double> delta = new TreeMap<>();
        after.forEach((key, value) -> {
            double d = value - before.getOrDefault(key, 0.0);
            if (d > 0) {
                delta.put(key, d);
            }
        });
        return delta;
    }

    /** Every endpoint of the API at least once, as an organisation's life goes. */
    private void walk(String org) {
        String owner = "owner-" + org;
        String ownerToken = mint.mint(owner, owner + "@bench.example", List.of());
        String bob = "bob-" + org;
        String bobToken = mint.mint(bob, bob + "@bench.example", List.of());
        String carolToken = mint.mint("carol-" + org, "carol-" + org + "@bench.example", List.of());
        String admin = mint.mint("admin-" + org, "admin-" + org + "@bench.example", List.of("platform-admin"));
        String orgs = "/v1/orgs/" + org;

        ok("GET", "/v1/me", ownerToken, null);
        ok("POST", "/v1/orgs", ownerToken, "{\"id\":\"" + org + "\",\"name\":\"Cost\"}");
        String etag = ok("GET", orgs, ownerToken, null).etag();
        ok("PATCH", orgs, ownerToken, "{\"name\":\"Cost renamed\"}", Map.of("If-Match", etag));
        String invitation = ok("POST", orgs + "/invitations", ownerToken, "{\"email\":\"" + bob + "@bench.example\"}")
                .json().get("token").asText();
        ok("GET", orgs + "/invitations?status=pending", ownerToken, null);
        ok("GET", "/v1/me/invitations", bobToken, null);
        ok("POST", "/v1/invitations/accept", bobToken, "{\"token\":\"" + invitation + "\"}");
        ok("GET", orgs + "/members?limit=20", ownerToken, null);
        ok("GET", orgs + "/members/" + bob, ownerToken, null);
        ok("PUT", orgs + "/members/" + bob + "/groups/admin", ownerToken, null);
        ok("DELETE", orgs + "/members/" + bob + "/groups/admin", ownerToken, null);
        Http.Reply carol = ok("POST", orgs + "/invitations", ownerToken,
                "{\"email\":\"carol-" + org + "@bench.example\"}");
        String carolId = carol.json().at("/invitation/id").asText();
        String resent = ok("POST", orgs + "/invitations/" + carolId + "/resend", ownerToken, null)
                .json().get("token").asText();
        ok("POST", "/v1/invitations/decline", carolToken, "{\"token\":\"" + resent + "\"}");
        String daveId = ok("POST", orgs + "/invitations", ownerToken, "{\"email\":\"dave-" + org + "@bench.example\"}")
                .json().at("/invitation/id").asText();
        ok("POST", orgs + "/invitations/" + daveId + "/revoke", ownerToken, null);
        services(orgs, ownerToken, bob);
        ok("GET", "/v1/me/orgs", bobToken, null);
        ok("POST", orgs + "/transfer-ownership", ownerToken, "{\"userId\":\"" + bob + "\"}");
        ok("POST", orgs + "/credentials", bobToken, "{\"access\":\"read\"}");
        ok("DELETE", orgs + "/members/" + owner, bobToken, null);
        onboarding(org + "-a", admin);
        ok("DELETE", orgs + "/services/app", bobToken, null);
        ok("DELETE", orgs, bobToken, null);
    }

    private void services(String orgs, String token, String member) {
        ok("POST", orgs + "/services", token, "{\"id\":\"app\",\"name\":\"App\"}");
        ok("GET", orgs + "/services", token, null);
        String etag = ok("GET", orgs + "/services/app", token, null).etag();
        ok("PATCH", orgs + "/services/app", token, "{\"name\":\"App renamed\"}", Map.of("If-Match", etag));
        ok("PUT", orgs + "/services/app/groups/ops/members/" + member, token, null);
        ok("GET", orgs + "/services/app/groups/ops/members", token, null);
        ok("GET", orgs + "/members/" + member + "/access?service=app&group=ops", token, null);
        ok("DELETE", orgs + "/services/app/groups/ops/members/" + member, token, null);
        ok("PUT", orgs + "/services/app/groups/ops/members/" + member, token, null);
    }

    private void onboarding(String tenant, String admin) {
        String tenants = "/v1/admin/tenants";
        ok("POST", tenants, admin, "{\"id\":\"" + tenant + "\",\"name\":\"Onboarded\",\"ownerEmail\":\"o-" + tenant
                + "@bench.example\",\"seats\":10}");
        ok("GET", tenants + "/" + tenant, admin, null);
        ok("PATCH", tenants + "/" + tenant, admin, "{\"seats\":20}");
        ok("POST", tenants + "/" + tenant + "/suspend", admin, null);
        ok("POST", tenants + "/" + tenant + "/resume", admin, null);
    }

    private Http.Reply ok(String method, String path, String token, String json) {
        return ok(method, path, token, json, Map.of());
    }

    private Http.Reply ok(String method, String path, String token, String json, Map<String, String> headers) {
        Http.Reply reply = api.send(method, path, token, json, headers);
        if (reply.status() / 100 != 2) {
            throw new IllegalStateException(method + " " + path + " answered " + reply.status() + " " + reply.body());
        }
        return reply;
    }
}
