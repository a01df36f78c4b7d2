package dev.enclave.bench.load;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs the cells side by side in one server: in every round each cell once, for a lead-in (discarded) and then a
 * measured segment. The cells compared with each other (scoped, unscoped and floors of one workload and tenant
 * count) run back to back, and which goes first alternates by round, so drift in this shared machine's speed
 * lands on both sides of every ratio. Each run of a cell starts where its previous run stopped, so runs sweep all of
 * the cell's tenants.
 */
public final class LoadMatrix {

    /** The server under test as the matrix sees it. */
    public interface Server {

        /** Where a path's requests go. */
        URI target(String path);

        /** The server's CPU time so far. */
        CpuReading cpu();
    }

    /** What the names of the permission-check workloads begin with. */
    public static final String CHECK = "check";

    private final Wrk wrk;
    private final Server server;
    private final Path tenantsFile;
    private final InviteePools invitees;
    private final Map<Cell, Long> starts = new HashMap<>();
    private double invitesPerSecond = 300;
    private final Map<String, List<String>> checks = new HashMap<>();

    public LoadMatrix(Wrk wrk, Server server, Path tenantsFile, InviteePools invitees) {
        this.wrk = wrk;
        this.server = server;
        this.tenantsFile = tenantsFile;
        this.invitees = invitees;
    }

    /**
     * The permission checks a {@code check…} workload asks ({@code check.lua}): the request's JSON with
     * {@code @member@} where the other member's id goes, and how many of its checks a right answer allows.
     */
    public LoadMatrix withChecks(String workload, String body, int allowed) {
        if (!workload.startsWith(CHECK)) {
            throw new IllegalArgumentException("not a check workload: " + workload);
        }
        checks.put(workload, List.of(body, Integer.toString(allowed)));
        return this;
    }

    /** One unrecorded pass over the cells, {@code segment} each: JIT and caches warm up. */
    public void warmUp(List<List<Cell>> groups, Duration segment) throws IOException, InterruptedException {
        for (List<Cell> group : groups) {
            for (Cell cell : group) {
                run(cell, segment);
            }
        }
    }

    /** {@code rounds} rounds of every cell; the samples per cell, in round order. */
    public Map<Cell, List<Sample>> measure(List<List<Cell>> groups, int rounds, Duration leadIn, Duration segment,
                                           Consumer<String> progress) throws IOException, InterruptedException {
        Map<Cell, List<Sample>> samples = new LinkedHashMap<>();
        groups.forEach(group -> group.forEach(cell -> samples.put(cell, new ArrayList<>())));
        for (int round = 0; round < rounds; round++) {
            for (List<Cell> group : groups) {
                List<Cell> order = new ArrayList<>(group);
                if (round % 2 == 1) {
                    Collections.reverse(order);
                }
                for (Cell cell : order) {
                    Sample sample = measure(cell, round, leadIn, segment);
                    samples.get(cell).add(sample);
                    progress.accept(String.format(Locale.ROOT, "round %d %-28s %8.1f req/s  p50 %6.2f ms  "
                            + "p99 %6.2f ms  cpu %.3f ms/req  errors %d", round + 1, cell.name(), sample.throughput(),
                            sample.p50Ms(), sample.p99Ms(), sample.cpuMsPerRequest(), sample.errors()));
                }
            }
        }
        return samples;
    }

    /**
     * One run of {@code cell} in round {@code round} (from 0): a lead-in, discarded, then the measured segment. For a
     * cell that compares two servers, each with its own matrix, run back to back by the caller.
     */
    public Sample measure(Cell cell, int round, Duration leadIn, Duration segment)
            throws IOException, InterruptedException {
        run(cell, leadIn);
        return sample(round, cell, segment);
    }

    private Sample sample(int round, Cell cell, Duration segment) throws IOException, InterruptedException {
        CpuReading before = server.cpu();
        Wrk.Result result = run(cell, segment);
        Map<String, Double> cpuMs = server.cpu().perRequestMsSince(before, result.requests());
        long errors = result.socketErrors() + result.statusErrors() + result.counter("failed");
        return new Sample(round + 1, result.throughput(), result.p50Ms(), result.p99Ms(), cpuMs, result.requests(),
                errors);
    }

    private Wrk.Result run(Cell cell, Duration duration) throws IOException, InterruptedException {
        URI target = server.target(cell.path());
        String tenants = Integer.toString(cell.tenants());
        String start = Long.toString(starts.getOrDefault(cell, 0L));
        String threads = Integer.toString(wrk.threads());
        Wrk.Result result = switch (cell.workload()) {
            case "read" -> wrk.run(target, "read.lua", duration,
                    List.of(tenantsFile.toString(), tenants, start, threads));
            case "organisation" -> wrk.run(target, "organisation.lua", duration, List.of(tenantsFile.toString(),
                    tenants, cell.path().startsWith(Cell.FLOOR) ? cell.path() : "enclave", start, threads));
            case "write" -> write(cell, target, duration);
            default -> {
                List<String> body = checks.get(cell.workload());
                if (body == null) {
                    throw new IllegalArgumentException("unknown workload " + cell.workload());
                }
                List<String> arguments = new ArrayList<>(List.of(tenantsFile.toString(), tenants, start, threads));
                arguments.addAll(body);
                yield wrk.run(target, "check.lua", duration, arguments);
            }
        };
        if (result.counter("exhausted") > 0) {
            throw new IllegalStateException(cell.name() + " ran out of invitees; the run is void");
        }
        long tenantsServed = cell.workload().equals("read") ? result.requests() / 3 : result.requests();
        starts.merge(cell, tenantsServed / wrk.threads(), (a, b) -> (a + b) % cell.tenants());
        return result;
    }

    private Wrk.Result write(Cell cell, URI target, Duration duration) throws IOException, InterruptedException {
        long count = (long) Math.ceil(invitesPerSecond * 2 * duration.toSeconds()) + 500;
        InviteePools.Slice slice = invitees.allocate(cell.tenants(), count);
        Wrk.Result result = wrk.run(target, "write.lua", duration, List.of(tenantsFile.toString(),
                Integer.toString(cell.tenants()), slice.file().toString(), Long.toString(slice.first()),
                Long.toString(slice.shift()), Integer.toString(wrk.threads())));
        invitesPerSecond = Math.max(invitesPerSecond, result.counter("invited") / result.seconds());
        return result;
    }
}
