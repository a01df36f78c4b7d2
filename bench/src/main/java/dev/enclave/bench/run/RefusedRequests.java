package dev.enclave.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Server CPU per refused request, for the costliest kinds a client can send with bodies up to the 1 MB limit:
 * each kind is sent one at a time to the otherwise idle server, after a warm-up, and the server process's CPU time
 * over those requests (everything in it: app, gateway, DynamoDB Local, JIT and GC) is divided by their number.
 */
final class RefusedRequests {

    private static final int MEGABYTE = 1024 * 1024;
    private static final String ORG = "refused-bench";

    /** One kind: its CPU per request and how long a request took, both in milliseconds. */
    record Row(String kind, int status, int requests, double cpuMsPerRequest, double wallMsPerRequest) {
    }

    /** One request of a kind; {@code i} makes each distinct where a cache could otherwise answer. */
    private record Kind(String name, int status, IntFunction<Request> request) {
    }

    private record Request(String method, String path, String token, String body, Map<String, String> headers) {
    }

    private final ServerUnderTest server;
    private final Http api;
    private final TokenMint mint;
    private final TokenMint stranger;

    RefusedRequests(ServerUnderTest server, TokenMint mint, TokenMint stranger) {
        this.server = server;
        this.api = new Http(server.scoped());
        this.mint = mint;
        this.stranger = stranger;
    }

    List<Row> measure(int warmUp, int requests) {
        String owner = mint.mint("refused-owner", "refused-owner@bench.example", List.of());
        api.send("POST", "/v1/orgs", owner, "{\"id\":\"" + ORG + "\",\"name\":\"Refused\"}");
        String outsider = mint.mint("refused-outsider", "refused-outsider@bench.example", List.of());
        List<Row> rows = new ArrayList<>();
        for (Kind kind : kinds(owner, outsider)) {
            send(kind, warmUp);
            Start before = new Start(server.cpu().process().toNanos(), System.nanoTime());
            send(kind, requests);
            double cpuMs = (server.cpu().process().toNanos() - before.cpuNanos()) / 1e6 / requests;
            double wallMs = (System.nanoTime() - before.wallNanos()) / 1e6 / requests;
            rows.add(new Row(kind.name(), kind.status(), requests, cpuMs, wallMs));
        }
        return rows;
    }

    /** The server's CPU time and the clock when a kind's measured requests began. */
    private record Start(long cpuNanos, long wallNanos) {
    }

    private void send(Kind kind, int count) {
        for (int i = 0; i < count; i++) {
            Request request = kind.request().apply(i);
            Http.Reply reply = api.send(request.method(), request.path(), request.token(), request.body(),
                    request.headers());
            if (reply.status() != kind.status()) {
                throw new IllegalStateException(kind.name() + ": expected " + kind.status() + ", got "
                        + reply.status() + " " + reply.body().substring(0, Math.min(300, reply.body().length())));
            }
        }
    }

    private List<Kind> kinds(String member, String outsider) {
        String invitations = "/v1/orgs/" + ORG + "/invitations";
        String groups = invalidServiceGroups();
        return List.of(
                new Kind("1 MB of invalid serviceGroups, from a member", 400,
                        i -> post(invitations, member, groups)),
                new Kind("1 MB of invalid serviceGroups, from a non-member", 400,
                        i -> post(invitations, outsider, groups)),
                new Kind("1 MB name", 400,
                        i -> post("/v1/orgs", member, "{\"id\":\"x\",\"name\":\"" + "a".repeat(MEGABYTE - 40) + "\"}")),
                new Kind("1 MB of unknown fields", 400, i -> post("/v1/orgs", member, manyFields())),
                new Kind("1 MB of duplicate keys", 400,
                        i -> post("/v1/orgs", member, "{" + "\"name\":\"a\",".repeat((MEGABYTE - 64) / 11) + "\"id\":\"x\"}")),
                new Kind("1 MB of nested arrays", 400,
                        i -> post("/v1/orgs", member, "[".repeat(MEGABYTE / 2) + "]".repeat(MEGABYTE / 2))),
                new Kind("1 MB labelled gzip, not compressed", 415, i -> new Request("POST", "/v1/orgs", member,
                        groups, Map.of("Content-Encoding", "gzip"))),
                new Kind("1.1 MB body (over the limit)", 413,
                        i -> post("/v1/orgs", member, "{\"name\":\"" + "a".repeat(MEGABYTE + 100_000) + "\"}")),
                new Kind("token signed by another key (each distinct)", 401,
                        i -> new Request("GET", "/v1/orgs/" + ORG, stranger.mint("forger-" + i,
                                "f@bench.example", List.of()), null, Map.of())),
                new Kind("9 KB request line", 414,
                        i -> new Request("GET", "/v1/orgs/" + "a".repeat(9_000), member, null, Map.of())),
                new Kind("20 KB of headers", 431,
                        i -> new Request("GET", "/v1/orgs/" + ORG, member, null, Map.of("X-Big", "b".repeat(20_000)))));
    }

    private static Request post(String path, String token, String body) {
        return new Request("POST", path, token, body, Map.of());
    }

    private static String invalidServiceGroups() {
        StringBuilder body = new StringBuilder("{\"email\":\"x@bench.example\",\"serviceGroups\":[");
        for (int i = 0; body.length() < MEGABYTE - 32; i++) {
            body.append(i == 0 ? "" : ",").append("\"%%").append(i % 10).append("\"");
        }
        return body.append("]}").toString();
    }

    private static String manyFields() {
        StringBuilder body = new StringBuilder("{\"id\":\"x\",\"name\":\"y\"");
        for (int i = 0; body.length() < MEGABYTE - 32; i++) {
            body.append(String.format(Locale.ROOT, ",\"f%07d\":0", i));
        }
        return body.append("}").toString();
    }
}
