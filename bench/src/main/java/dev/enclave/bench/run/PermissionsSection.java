package dev.enclave.bench.run;

import static dev.enclave.bench.run.PerformanceReport.number;
import static dev.enclave.bench.run.PerformanceReport.spread;

import dev.enclave.bench.load.CpuReading;
import dev.enclave.bench.load.Sample;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The permissions cell's section of the report: a permission check against {@code GET /v1/orgs/{org}}. */
final class PermissionsSection {

    /** The section's number in the report. */
    static final String NUMBER = "12";
    /** A permission check's throughput ÷ GET /v1/orgs/{org}'s, per round (issue 27). */
    static final double THROUGHPUT_TARGET = 0.95;
    /** DynamoDB calls per check request (issue 27), all of them one BatchGetItem. */
    static final double CALLS_TARGET = 1;
    private static final List<String> COMPONENTS = List.of("app", "gateway", CpuReading.SANDBOX_IAM,
            "dynamodb-local", "sts", "other", "jvm", "total");

    private PermissionsSection() {
    }

    /**
     * Section {@code number}, the permissions cell; {@code ownRun} is where and when it ran when that was a run of its
     * own ({@code bench/run --permissions}) rather than the full run the rest of the report comes from.
     */
    static String of(PermissionCheck.Result result, String number, Optional<Results.Environment> ownRun) {
        StringBuilder md = new StringBuilder();
        md.append("## ").append(number).append(". Permission checks\n\n");
        ownRun.ifPresent(e -> md.append(String.format(Locale.ROOT, "*From `bench/run --permissions` on %s at commit "
                + "`%s` (%d cores, %s, Java %s), a run of its own, not the run the rest of this page comes from; "
                + "`bench/results/permissions.json` holds its figures.*%n%n", e.date(), e.commit(), e.cores(), e.os(),
                e.java())));
        PermissionCheck.Sizes sizes = result.sizes();
        md.append(String.format(Locale.ROOT, "What `POST /v1/orgs/{org}/permissions/check` costs against `GET "
                + "/v1/orgs/{org}` ([permissions.md](permissions.md)). A server of its own, as in section 1 (the local "
                + "stack and the scoped application; no baseline, request limits off), seeded with %,d tenants, each "
                + "with a second member `member-<org>` holding `member` and a custom group `%s` that carries `%s`. "
                + "Three workloads round robin over those tenants on their owners' tokens, `wrk`, %d threads, %d "
                + "connections: the **permission check**, %d checks in one request (the caller's `%s`, `%s`, "
                + "`org:manage`, `members:manage`, and the other member's `%s`, `%s`, `members:read`, "
                + "`org:delete`; %d bytes of JSON, answered in %d bytes; the load generator does not read the "
                + "answers, as it does not read GET's, and the probe below checks each of its own allows exactly "
                + "%d); **one check of the caller's** (`%s` alone, %d bytes, answered in %d), which "
                + "splits what the realistic check adds into what any check costs and what its other checks and its "
                + "other member add; and **`GET /v1/orgs/{org}`** as section 1 sends it (answered in %d bytes). A "
                + "warm-up of %.0f s per workload, then %d rounds, in each the three one after another (which goes "
                + "first alternates by round), a %.0f s lead-in (discarded) and a %.0f s measured segment. Ratios are "
                + "taken per round, then median (min–max).%n%n", result.tenants(), PermissionCheck.GROUP,
                PermissionCheck.CUSTOM, result.wrkThreads(), result.connections(), result.checks().size(),
                PermissionCheck.CUSTOM, PermissionCheck.NOT_GRANTED, PermissionCheck.CUSTOM,
                PermissionCheck.NOT_GRANTED, sizes.checkRequest(), sizes.checkAnswer(), result.allowed(),
                PermissionCheck.CUSTOM, sizes.selfRequest(), sizes.selfAnswer(), sizes.organisationAnswer(),
                result.warmUpSeconds(), result.rounds(), result.leadInSeconds(), result.segmentSeconds()));
        md.append("| workload | throughput (req/s) | p50 (ms) | p99 (ms) | server CPU (ms/req) | errors |\n");
        md.append("|---|---|---|---|---|---:|\n");
        PermissionCheck.cells(result).forEach((name, cell) -> md.append("| ").append(name).append(" | ")
                .append(spread(cell.throughput(), 0)).append(" | ").append(spread(cell.p50Ms(), 1)).append(" | ")
                .append(spread(cell.p99Ms(), 1)).append(" | ").append(spread(cell.cpuMsPerRequest(), 2))
                .append(" | ").append(cell.errors()).append(" |\n"));
        for (Results.Ratio ratio : List.of(result.ratio(), result.selfRatio())) {
            md.append("| ").append(ratio.name()).append(", per round | **").append(spread(ratio.throughput(), 2))
                    .append("** | ").append(spread(ratio.p50(), 2)).append(" | ").append(spread(ratio.p99(), 2))
                    .append(" | ").append(spread(ratio.cpuPerRequest(), 2)).append(" | |\n");
        }
        md.append('\n');
        List<Sample> checks = result.check().samples();
        List<Sample> orgs = result.organisation().samples();
        md.append(String.format(Locale.ROOT, "A permission check's throughput ÷ `GET /v1/orgs/{org}`'s: **%s** (median "
                + "%.3f; round by round, in order: %s) against a goal of ≥ %.2f — %s.%n%n",
                spread(result.ratio().throughput(), 2), result.ratio().throughput().median(),
                IntStream.range(0, Math.min(checks.size(), orgs.size())).mapToObj(i -> number(checks.get(i)
                        .throughput() / orgs.get(i).throughput(), 2)).collect(Collectors.joining(", ")),
                THROUGHPUT_TARGET, verdict(result)));

        md.append("Where the server's CPU goes, median ms per request by component, as in section 1 (`app` the "
                + "application; `gateway` the sandbox's enforcing endpoint, `sandbox-iam` part of it; "
                + "`dynamodb-local` Jetty and SQLite; `jvm` JIT compilation, garbage collection and threads that "
                + "ended). The last rows are differences with `GET /v1/orgs/{org}`, round by round, then median.\n\n");
        md.append("| workload | " + String.join(" | ", COMPONENTS) + " |\n");
        md.append("|---|" + "---:|".repeat(COMPONENTS.size()) + "\n");
        PermissionCheck.cells(result).forEach((name, cell) -> {
            md.append("| ").append(name).append(" |");
            COMPONENTS.forEach(component -> md.append(' ').append(number(median(cell.samples(), component), 3))
                    .append(" |"));
            md.append('\n');
        });
        for (Results.CellResult cell : List.of(result.check(), result.self())) {
            md.append("| ").append(cell == result.check() ? "permission check" : "one check of the caller's")
                    .append(" − GET org |");
            COMPONENTS.forEach(component -> md.append(' ').append(number(difference(cell.samples(),
                    result.organisation().samples(), component), 3)).append(" |"));
            md.append('\n');
        }
        md.append('\n');

        md.append("### DynamoDB calls per request\n\n");
        md.append("From the application's own metrics: `enclave_dynamodb_calls_total` for the route ÷ "
                + "`http_server_requests_seconds_count`, as differences of scrapes of `/prometheus` before and after "
                + "the rounds (under load: the three workloads above, the check endpoint's requests those of both "
                + "check workloads), and before and after a probe of every check "
                + "endpoint, " + number(result.probeRequests(), 0) + " requests each, one at a time, round robin "
                + "over the tenants (the check asking the " + result.checks().size() + " checks above; the member's "
                + "permissions those of `member-<org>`).\n\n");
        md.append("| endpoint | measured | requests | DynamoDB calls per request | by operation |\n");
        md.append("|---|---|---:|---:|---|\n");
        for (PermissionCheck.Endpoint endpoint : result.underLoad()) {
            md.append(row(endpoint, "under load"));
        }
        for (PermissionCheck.Endpoint endpoint : result.probe()) {
            md.append(row(endpoint, "probe"));
        }
        md.append('\n');
        md.append(String.format(Locale.ROOT, "**BatchGetItem calls per permission-check request: %s**, and %s DynamoDB "
                + "calls per request in all, against a goal of %s — %s. The one read holds the caller's membership, "
                + "the organisation, its group definitions item and the membership of each other member asked "
                + "about; `GET /v1/orgs/{org}`'s access decision reads the first three.%n%n",
                number(result.batchGetsPerCheck(), 2), number(result.underLoad().get(0).callsPerRequest(), 2),
                number(CALLS_TARGET, 0), callsVerdict(result)));
        md.append(bounds(result));
        return md.toString();
    }

    /** What bounds the ratio, from the CPU figures: the application's share of the difference, and the read's. */
    private static String bounds(PermissionCheck.Result result) {
        List<Sample> check = result.check().samples();
        List<Sample> self = result.self().samples();
        List<Sample> org = result.organisation().samples();
        double total = difference(check, org, "total");
        double app = difference(check, org, "app");
        double read = difference(check, org, "gateway") + difference(check, org, "dynamodb-local");
        double selfApp = difference(self, org, "app");
        double orgTotal = median(org, "total");
        double jvm = difference(check, org, "jvm");
        return String.format(Locale.ROOT, "What bounds it. Every workload here is bound by this machine's two "
                + "cores, shared by the client, the application, the gateway and DynamoDB Local, so throughput "
                + "follows server CPU per request: the check takes %s per request than `GET /v1/orgs/{org}`'s "
                + "%s ms (%s%%): %s in the application (reading and validating the request's JSON, deciding %d "
                + "checks, writing a longer answer), %s in the gateway and DynamoDB Local (the one read's fourth "
                + "item, the other member's membership) and %s in `jvm` (garbage collection and JIT among it). One "
                + "check of the caller's alone, the same read as `GET /v1/orgs/{org}`, takes %s in the "
                + "application: what a JSON request body and its validation cost whatever it asks. In AWS the "
                + "gateway's and DynamoDB Local's share is DynamoDB's work, not Enclave's servers'.%n%n",
                moreOrLess(total), number(orgTotal, 3), number(total / orgTotal * 100, 0), moreOrLess(app),
                result.checks().size(), moreOrLess(read), moreOrLess(jvm), moreOrLess(selfApp));
    }

    private static String row(PermissionCheck.Endpoint endpoint, String measured) {
        return "| `" + endpoint.endpoint() + "` | " + measured + " | " + number(endpoint.requests(), 0) + " | "
                + number(endpoint.callsPerRequest(), 2) + " | " + endpoint.operations().entrySet().stream()
                .map(e -> e.getKey() + " " + number(e.getValue(), 2)).collect(Collectors.joining(", ")) + " |\n";
    }

    private static String moreOrLess(double ms) {
        return number(Math.abs(ms), 3) + " ms " + (ms >= 0 ? "more" : "less");
    }

    private static double median(List<Sample> samples, String component) {
        return Spread.of(samples.stream().map(s -> s.cpuMs().getOrDefault(component, 0.0)).toList()).median();
    }

    private static double difference(List<Sample> a, List<Sample> b, String component) {
        return Spread.of(IntStream.range(0, Math.min(a.size(), b.size())).mapToObj(i -> a.get(i).cpuMs()
                .getOrDefault(component, 0.0) - b.get(i).cpuMs().getOrDefault(component, 0.0)).toList()).median();
    }

    /** The throughput goal's verdict, or why it is not judged. */
    static String verdict(PermissionCheck.Result result) {
        if (result.check().errors() + result.organisation().errors() > 0) {
            return "not judged: requests failed (see the errors column)";
        }
        double ratio = result.ratio().throughput().median();
        return ratio >= THROUGHPUT_TARGET ? "met"
                : String.format(Locale.ROOT, "missed by %.1f%%", (THROUGHPUT_TARGET - ratio) / THROUGHPUT_TARGET * 100);
    }

    /** The calls goal's verdict: one call per request on every check endpoint, and that call a BatchGetItem. */
    static String callsVerdict(PermissionCheck.Result result) {
        boolean one = result.underLoad().get(0).callsPerRequest() == CALLS_TARGET
                && result.batchGetsPerCheck() == CALLS_TARGET
                && result.probe().stream().filter(e -> !e.endpoint().equals(PermissionCheck.ORGANISATION_ENDPOINT))
                .allMatch(e -> e.callsPerRequest() == CALLS_TARGET && e.of("BatchGetItem") == CALLS_TARGET);
        return one ? "met, on every check endpoint" : "missed (see the table)";
    }
}
