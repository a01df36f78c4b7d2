package dev.enclave.iam.proof;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The second opinion: OSTRICH (a string solver built on Princess, pure JVM, no code shared with Z3) decides the same
 * SMT-LIB text. The queries go to two child JVMs, one per core, as incremental scripts (each query between
 * {@code push} and {@code pop}), so each JVM starts once.
 */
public final class OstrichSolver {

    private static final String MAIN = "ostrich.OstrichMain";

    private final int timeoutMillisPerQuery;

    /** With {@code timeoutMillisPerQuery} for each query (OSTRICH's {@code -timeoutPer}). */
    public OstrichSolver(int timeoutMillisPerQuery) {
        this.timeoutMillisPerQuery = timeoutMillisPerQuery;
    }

    /**
     * The outcome of each script (SMT-LIB, each with its own declarations), in order; {@link SolverVerdict#UNKNOWN} for
     * every script of a JVM that could not be run or did not finish in time.
     */
    public List<SolverVerdict> solve(List<String> queries) {
        List<String> even = new ArrayList<>();
        List<String> odd = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            (i % 2 == 0 ? even : odd).add(queries.get(i));
        }
        ExecutorService second = Executors.newSingleThreadExecutor();
        try {
            Future<List<SolverVerdict>> oddOutcomes = second.submit(() -> solveInOneJvm(odd));
            List<SolverVerdict> evenOutcomes = solveInOneJvm(even);
            List<SolverVerdict> rest = oddOutcomes.get();
            List<SolverVerdict> outcomes = new ArrayList<>();
            for (int i = 0; i < queries.size(); i++) {
                outcomes.add(i % 2 == 0 ? evenOutcomes.get(i / 2) : rest.get(i / 2));
            }
            return outcomes;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unknown(queries.size());
        } catch (ExecutionException e) {
            throw new IllegalStateException("OSTRICH failed", e.getCause());
        } finally {
            second.shutdownNow();
        }
    }

    private List<SolverVerdict> solveInOneJvm(List<String> queries) {
        if (queries.isEmpty()) {
            return List.of();
        }
        try {
            Path script = Files.createTempFile("enclave-proof", ".smt2");
            Path output = Files.createTempFile("enclave-proof", ".out");
            try {
                Files.writeString(script, script(queries), StandardCharsets.UTF_8);
                return run(script, output, queries.size());
            } finally {
                Files.deleteIfExists(script);
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("OSTRICH could not be run", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unknown(queries.size());
        }
    }

    private static String script(List<String> queries) {
        StringBuilder out = new StringBuilder("(set-logic QF_SLIA)\n");
        for (String query : queries) {
            out.append("(push 1)\n")
                    .append(query.replace("(set-logic QF_SLIA)\n", ""))
                    .append("(check-sat)\n(pop 1)\n");
        }
        return out.toString();
    }

    private List<SolverVerdict> run(Path script, Path output, int expected) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Xss16m", "-cp", System.getProperty("java.class.path"), MAIN,
                "+incremental", "-logo", "+quiet", "-timeoutPer=" + timeoutMillisPerQuery, script.toString())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        long limit = (long) timeoutMillisPerQuery * expected + 60_000;
        if (!process.waitFor(limit, TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            return unknown(expected);
        }
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        List<SolverVerdict> outcomes = new ArrayList<>();
        for (String line : printed.split("\\R")) {
            switch (line.strip()) {
                case "sat" -> outcomes.add(SolverVerdict.SAT);
                case "unsat" -> outcomes.add(SolverVerdict.UNSAT);
                case "unknown", "timeout" -> outcomes.add(SolverVerdict.UNKNOWN);
                default -> {
                }
            }
        }
        if (outcomes.size() != expected) {
            throw new IllegalStateException("OSTRICH answered " + outcomes.size() + " of " + expected
                    + " queries:\n" + printed.lines().limit(20).reduce("", (a, b) -> a + b + "\n"));
        }
        return outcomes;
    }

    private static List<SolverVerdict> unknown(int count) {
        return new ArrayList<>(Collections.nCopies(count, SolverVerdict.UNKNOWN));
    }
}
