package dev.enclave.bench.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.bench.load.Cell;
import dev.enclave.bench.load.InviteePools;
import dev.enclave.bench.load.LoadMatrix;
import dev.enclave.bench.load.Sample;
import dev.enclave.bench.load.Wrk;
import dev.enclave.bench.server.BenchServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What a permission check costs against {@code GET /v1/orgs/{org}} (issue 27: "a permission check's throughput
 * against GET /v1/orgs/{org} in the same run, goal ≥ 0.95×", and one DynamoDB call per check request). A server of
 * its own (the local stack and the scoped application; no baseline) seeds tenants, each with a second member holding
 * a custom group that carries {@value #CUSTOM}; then {@code POST /v1/orgs/{org}/permissions/check} with
 * {@link #CHECKS} (about the caller and that member) and {@code GET /v1/orgs/{org}} run side by side round robin over
 * the tenants on their owners' tokens, with a third cell, a check of one permission of the caller's own, that splits
 * what the realistic check adds into what any check costs and what its other checks and its other member add. The
 * DynamoDB calls per request come from the application's metrics, as differences of scrapes before and after the
 * rounds, and from a probe of every check endpoint one request at a time.
 */
final class PermissionCheck {

    private static final int WRK_THREADS = 2;
    private static final int CONNECTIONS = 16;
    private static final int SEEDING_THREADS = 8;
    /** The custom group every tenant's second member holds, and the organisation's own permissions. */
    static final String GROUP = "approvers";
    static final String CUSTOM = "invoices:approve";
    static final String NOT_GRANTED = "reports:export";
    /** The checks' workloads: the realistic check and a check of one permission of the caller's. */
    static final String CHECK = LoadMatrix.CHECK;
    static final String CHECK_SELF = LoadMatrix.CHECK + "-self";
    static final String ORGANISATION = "organisation";
    static final String CHECK_ENDPOINT = "POST /v1/orgs/{org}/permissions/check";
    static final String ORGANISATION_ENDPOINT = "GET /v1/orgs/{org}";
    static final String MEMBER_ENDPOINT = "GET /v1/orgs/{org}/members/{userId}/permissions";
    static final String MINE_ENDPOINT = "GET /v1/me/orgs/{org}/permissions";
    private static final String BATCH_GET = "BatchGetItem";
    private static final String MEMBER = "@member@";

    /** A check the realistic request asks: about the caller ({@code userId} null) or the tenant's second member. */
    record Ask(String userId, String permission) {
    }

    /** Caller: two of the organisation's own permissions, two system ones; the other member the same. */
    static final List<Ask> CHECKS = List.of(new Ask(null, CUSTOM), new Ask(null, NOT_GRANTED),
            new Ask(null, "org:manage"), new Ask(null, "members:manage"), new Ask(MEMBER, CUSTOM),
            new Ask(MEMBER, NOT_GRANTED), new Ask(MEMBER, "members:read"), new Ask(MEMBER, "org:delete"));
    static final List<Ask> SELF = List.of(new Ask(null, CUSTOM));

    /**
     * Tenants, the load's warm-up per cell (a fresh JVM: with 10 s per cell, JIT compilation still took a quarter of
     * the server's CPU in the first round), lead-in, measured segment, rounds, and requests per endpoint probed.
     */
    record Options(int tenants, Duration warmUp, Duration leadIn, Duration segment, int rounds, int probeRequests) {
    }

    /** One endpoint's DynamoDB calls: requests, calls per request, and per request by operation. */
    record Endpoint(String endpoint, long requests, double callsPerRequest, Map<String, Double> operations) {

        double of(String operation) {
            return operations.getOrDefault(operation, 0.0);
        }
    }

    /** Bytes on the wire, a request's body and the answers' bodies (the first tenant's, in the sanity check). */
    record Sizes(int checkRequest, int checkAnswer, int selfRequest, int selfAnswer, int organisationAnswer) {
    }

    /** Everything the cell measured. */
    record Result(int tenants, int wrkThreads, int connections, int rounds, double warmUpSeconds,
                  double leadInSeconds, double segmentSeconds, List<Ask> checks, int allowed, Sizes sizes,
                  Results.CellResult check, Results.CellResult self, Results.CellResult organisation,
                  Results.Ratio ratio, Results.Ratio selfRatio, List<Endpoint> underLoad, int probeRequests,
                  List<Endpoint> probe, double batchGetsPerCheck) {
    }

    private PermissionCheck() {
    }

    /** Starts the server under {@code work}; {@code root} is the repository (for the wrk scripts). */
    static Result measure(Path work, Path root, Options options) throws Exception {
        Path directory = Files.createDirectories(work.resolve("permissions"));
        List<String> jvm = List.of("-Xms1g", "-Xmx2g", "-D" + BenchServer.BASELINE_PROPERTY + "=false");
        try (ServerUnderTest server = ServerUnderTest.start(directory, jvm)) {
            Http api = new Http(server.scoped());
            TokenMint mint = TokenMint.of(server.dataDir());
            BenchRun.log("permissions: seeding " + options.tenants() + " tenants, each with a second member in a "
                    + "custom group carrying " + CUSTOM);
            List<Seeding.Tenant> tenants = new Seeding(api, mint).seed("p", options.tenants(), 0, SEEDING_THREADS);
            members(api, mint, tenants);
            Path tenantsFile = directory.resolve("tenants.txt");
            Seeding.write(tenantsFile, tenants);

            String body = body(CHECKS);
            String selfBody = body(SELF);
            Seeding.Tenant first = tenants.get(0);
            Http.Reply answer = api.send("POST", path(first), first.token(), body.replace(MEMBER, member(first)))
                    .expect(200, "check in " + first.org());
            int allowed = allowed(answer.json(), first);
            Http.Reply selfAnswer = api.send("POST", path(first), first.token(), selfBody).expect(200, "self check");
            if (allowed(selfAnswer.json(), first) != 1) {
                throw new IllegalStateException("the owner should hold " + CUSTOM + ": " + selfAnswer.body());
            }
            Http.Reply organisation = api.get("/v1/orgs/" + first.org(), first.token()).expect(200, "GET org");
            Sizes sizes = new Sizes(body.replace(MEMBER, member(first)).length(), answer.body().length(),
                    selfBody.length(), selfAnswer.body().length(), organisation.body().length());
            requireLabels(api);

            Wrk wrk = new Wrk(root.resolve("bench/wrk"), WRK_THREADS, CONNECTIONS);
            LoadMatrix matrix = new LoadMatrix(wrk, server, tenantsFile,
                    new InviteePools(directory, (subject, email) -> mint.mint(subject, email, List.of())))
                    .withChecks(CHECK, body, allowed).withChecks(CHECK_SELF, selfBody, 1);
            Cell check = new Cell(CHECK, Cell.SCOPED, tenants.size());
            Cell self = new Cell(CHECK_SELF, Cell.SCOPED, tenants.size());
            Cell org = new Cell(ORGANISATION, Cell.SCOPED, tenants.size());
            List<List<Cell>> group = List.of(List.of(check, org, self));
            BenchRun.log("permissions: warm-up, " + options.warmUp().toSeconds() + " s per cell");
            matrix.warmUp(group, options.warmUp());
            Prometheus before = Prometheus.scrape(api);
            Map<Cell, List<Sample>> samples = matrix.measure(group, options.rounds(), options.leadIn(),
                    options.segment(), message -> BenchRun.log("permissions: " + message));
            Prometheus after = Prometheus.scrape(api);
            List<Endpoint> underLoad = endpoints(before, after, List.of(CHECK_ENDPOINT, ORGANISATION_ENDPOINT));

            BenchRun.log("permissions: every check endpoint, " + options.probeRequests() + " requests each, one at "
                    + "a time");
            List<Endpoint> probe = probe(api, tenants, body, options.probeRequests(), allowed);

            Results.CellResult checkResult = Results.CellResult.of(check, samples.get(check));
            Results.CellResult selfResult = Results.CellResult.of(self, samples.get(self));
            Results.CellResult orgResult = Results.CellResult.of(org, samples.get(org));
            Endpoint checkCalls = underLoad.get(0);
            return new Result(tenants.size(), WRK_THREADS, CONNECTIONS, options.rounds(),
                    options.warmUp().toSeconds(), options.leadIn().toSeconds(), options.segment().toSeconds(),
                    CHECKS, allowed, sizes, checkResult, selfResult, orgResult,
                    Results.Ratio.of("permission check ÷ GET org", checkResult, orgResult),
                    Results.Ratio.of("one check of the caller's ÷ GET org", selfResult, orgResult), underLoad,
                    options.probeRequests(), probe, checkCalls.of(BATCH_GET));
        }
    }

    /** Each tenant's second member: invited, accepted on their own token, given the custom group. */
    private static void members(Http api, TokenMint mint, List<Seeding.Tenant> tenants) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(SEEDING_THREADS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Seeding.Tenant tenant : tenants) {
                done.add(pool.submit(() -> {
                    member(api, mint, tenant);
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void member(Http api, TokenMint mint, Seeding.Tenant tenant) {
        String orgs = "/v1/orgs/" + tenant.org();
        String member = member(tenant);
        String email = member + "@bench.example";
        ok(api.send("POST", orgs + "/groups", tenant.token(), "{\"id\":\"" + GROUP + "\",\"description\":\"Approve "
                + "invoices\",\"permissions\":[\"" + CUSTOM + "\"]}"), "group in " + tenant.org());
        String token = ok(api.send("POST", orgs + "/invitations", tenant.token(), "{\"email\":\"" + email + "\"}"),
                "invitation in " + tenant.org()).json().get("token").asText();
        ok(api.send("POST", "/v1/invitations/accept", mint.mint(member, email, List.of()),
                "{\"token\":\"" + token + "\"}"), "acceptance in " + tenant.org());
        ok(api.send("PUT", orgs + "/members/" + member + "/groups/" + GROUP, tenant.token(), null),
                "group of " + member);
    }

    private static Http.Reply ok(Http.Reply reply, String what) {
        if (reply.status() / 100 != 2) {
            throw new IllegalStateException(what + ": " + reply.status() + " " + reply.body());
        }
        return reply;
    }

    static String member(Seeding.Tenant tenant) {
        return "member-" + tenant.org();
    }

    private static String path(Seeding.Tenant tenant) {
        return "/v1/orgs/" + tenant.org() + "/permissions/check";
    }

    /** The request's JSON, {@value #MEMBER} standing for the other member. */
    static String body(List<Ask> checks) {
        StringBuilder json = new StringBuilder("{\"checks\":[");
        for (Ask ask : checks) {
            json.append(json.charAt(json.length() - 1) == '[' ? "" : ",").append('{');
            if (ask.userId() != null) {
                json.append("\"userId\":\"").append(ask.userId()).append("\",");
            }
            json.append("\"permission\":\"").append(ask.permission()).append("\"}");
        }
        return json.append("]}").toString();
    }

    /**
     * How many checks the answer allows, after checking what the seeding decides: the owner holds everything, the
     * second member holds {@value #CUSTOM} and neither {@value #NOT_GRANTED} nor {@code org:delete}.
     */
    private static int allowed(JsonNode answer, Seeding.Tenant tenant) {
        JsonNode results = answer.get("results");
        int allowed = 0;
        for (int i = 0; i < results.size(); i++) {
            JsonNode result = results.get(i);
            boolean yes = result.get("allowed").asBoolean();
            String user = result.get("userId").asText();
            String permission = result.get("permission").asText();
            boolean expected = user.equals(tenant.owner()) || permission.equals(CUSTOM)
                    || permission.equals("members:read");
            if (yes != expected && !permission.equals("members:read")) {
                throw new IllegalStateException("check " + user + " " + permission + " answered " + yes + ": "
                        + answer);
            }
            allowed += yes ? 1 : 0;
        }
        return allowed;
    }

    /** The endpoints' labels are what this cell reads off the metrics (a renamed route would read as no calls). */
    private static void requireLabels(Http api) {
        Map<String, Double> requests = Prometheus.scrape(api).sumBy("http_server_requests_seconds_count", "method",
                "uri");
        for (String endpoint : List.of(CHECK_ENDPOINT, ORGANISATION_ENDPOINT)) {
            if (!requests.containsKey(endpoint)) {
                throw new IllegalStateException("no requests counted as " + endpoint + " in " + requests.keySet());
            }
        }
    }

    /** Every check endpoint, one request at a time, round robin over the tenants, between two scrapes. */
    private static List<Endpoint> probe(Http api, List<Seeding.Tenant> tenants, String body, int requests,
                                        int allowed) {
        Prometheus before = Prometheus.scrape(api);
        for (int i = 0; i < requests; i++) {
            Seeding.Tenant tenant = tenants.get(i % tenants.size());
            String orgs = "/v1/orgs/" + tenant.org();
            Http.Reply answer = api.send("POST", path(tenant), tenant.token(), body.replace(MEMBER, member(tenant)))
                    .expect(200, "check");
            if (allowed(answer.json(), tenant) != allowed) {
                throw new IllegalStateException("check in " + tenant.org() + " allowed other than " + allowed + ": "
                        + answer.body());
            }
            api.get(orgs + "/members/" + member(tenant) + "/permissions", tenant.token()).expect(200, "member's");
            api.get("/v1/me/orgs/" + tenant.org() + "/permissions", tenant.token()).expect(200, "mine");
            api.get(orgs, tenant.token()).expect(200, "GET org");
        }
        Prometheus after = Prometheus.scrape(api);
        return endpoints(before, after, List.of(CHECK_ENDPOINT, MEMBER_ENDPOINT, MINE_ENDPOINT,
                ORGANISATION_ENDPOINT));
    }

    /** Each endpoint's requests and DynamoDB calls between two scrapes. */
    static List<Endpoint> endpoints(Prometheus before, Prometheus after, List<String> endpoints) {
        Map<String, Double> requests = after.increase(before, "http_server_requests_seconds_count", "method", "uri");
        Map<String, Double> calls = after.increase(before, "enclave_dynamodb_calls_total", "method", "uri",
                "operation");
        List<Endpoint> rows = new ArrayList<>();
        for (String endpoint : endpoints) {
            double count = requests.getOrDefault(endpoint, 0.0);
            if (count == 0) {
                throw new IllegalStateException("no requests counted as " + endpoint + " in " + requests.keySet());
            }
            Map<String, Double> operations = new TreeMap<>();
            calls.forEach((key, value) -> {
                if (key.startsWith(endpoint + " ")) {
                    operations.put(key.substring(endpoint.length() + 1), value / count);
                }
            });
            rows.add(new Endpoint(endpoint, Math.round(count),
                    operations.values().stream().mapToDouble(Double::doubleValue).sum(), operations));
        }
        return rows;
    }

    /** The samples of each cell, by workload, for the report's CPU table. */
    static Map<String, Results.CellResult> cells(Result result) {
        Map<String, Results.CellResult> cells = new LinkedHashMap<>();
        cells.put("permission check (" + result.checks().size() + " checks)", result.check());
        cells.put("one check of the caller's", result.self());
        cells.put("`GET /v1/orgs/{org}`", result.organisation());
        return cells;
    }
}
