package dev.enclave.iam.proof;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import com.microsoft.z3.Z3Exception;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Z3 (native, from {@code z3-turnkey}) on the encoder's SMT-LIB text. On sat it reads the model back as concrete
 * requests; for a counterexample it asks first for a readable one: printable ASCII, an action DynamoDB has, a
 * DynamoDB ARN. Not thread-safe; close it to free the native context.
 */
public final class Z3Solver implements AutoCloseable {

    private final Context context = new Context(Map.of("model", "true"));
    /** The seed of the second try at a query the first left unknown. */
    private static final int RETRY_SEED = 7;

    private final int timeoutMillis;

    /** A native Z3 context whose solvers give up after {@code timeoutMillis} (an unknown answer). */
    public Z3Solver(int timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    /** The version of the native library, e.g. {@code Z3 4.14.1.0}. */
    public static String version() {
        return com.microsoft.z3.Version.getFullVersion();
    }

    /** Z3's answer to {@code query}, with the model read back on sat; unknown when Z3 fails or times out. */
    public SolverAnswer solve(Query query) {
        long start = System.nanoTime();
        try {
            Solver solver = solver(query.script(), 0);
            Status status = solver.check();
            if (status == Status.UNKNOWN) {
                solver = solver(query.script(), RETRY_SEED);
                status = solver.check();
            }
            if (status == Status.UNKNOWN) {
                return SolverAnswer.unknown(solver.getReasonUnknown(), millisSince(start));
            }
            if (status == Status.UNSATISFIABLE) {
                return SolverAnswer.unsat(millisSince(start));
            }
            Model shaped = query.liveness() ? null : readable(query);
            Model model = shaped == null ? solver.getModel() : shaped;
            Map<String, String> parameters = new TreeMap<>();
            query.parameters().forEach(p -> parameters.put(p, string(model, p)));
            return new SolverAnswer(SolverVerdict.SAT, "", read(model, query.requests()), parameters, assignment(model),
                    shaped != null, millisSince(start));
        } catch (Z3Exception e) {
            return SolverAnswer.unknown("Z3 failed: " + e.getMessage(), millisSince(start));
        }
    }

    /**
     * The encoder's decision for one concrete request: the formula with every request constant fixed.
     *
     * @throws UnsupportedPolicyException when a document holds what the encoder does not model
     */
    public Verdict decide(Authorization authorization, ConcreteRequest request) {
        Map<ContextKey, Integer> sizes = new TreeMap<>();
        authorization.keys().forEach(key -> sizes.put(key, 1));
        request.context().forEach((name, values) -> sizes.put(ContextKey.of(name), Math.max(1, values.size())));
        SymbolicRequest symbolic = new SymbolicRequest("c", sizes);
        StringBuilder script = new StringBuilder("(set-logic QF_SLIA)\n");
        symbolic.declarations().forEach(d -> script.append(d).append('\n'));
        script.append("(declare-const allowed Bool)\n(declare-const denied Bool)\n");
        List<String> facts = new ArrayList<>(symbolic.wellFormed());
        facts.addAll(ConcreteFacts.of(symbolic, request));
        facts.add(Smt.eq("allowed", authorization.allowed(symbolic)));
        facts.add(Smt.eq("denied", authorization.denied(symbolic)));
        facts.forEach(f -> script.append("(assert ").append(f).append(")\n"));
        Solver solver = solver(script.toString(), 0);
        if (solver.check() != Status.SATISFIABLE) {
            throw new IllegalStateException("a concrete request must have one decision: " + request);
        }
        Model model = solver.getModel();
        return bool(model, "allowed") ? Verdict.ALLOW : bool(model, "denied") ? Verdict.EXPLICIT_DENY
                : Verdict.IMPLICIT_DENY;
    }

    /**
     * A solver for {@code script} whose search starts from {@code seed}. Z3's string search now and then wanders on a
     * query it settles in milliseconds from another start; an unknown is asked once more from another seed, and only
     * an answer from either counts (an unknown never proves anything).
     */
    private Solver solver(String script, int seed) {
        Solver solver = context.mkSolver();
        Params params = context.mkParams();
        params.add("timeout", timeoutMillis);
        params.add("random_seed", seed);
        solver.setParameters(params);
        BoolExpr[] assertions = context.parseSMTLIB2String(script, null, null, null, null);
        solver.add(assertions);
        return solver;
    }

    private List<ConcreteRequest> read(Model model, List<SymbolicRequest> requests) {
        List<ConcreteRequest> out = new ArrayList<>();
        for (SymbolicRequest request : requests) {
            Map<String, List<String>> context = new TreeMap<>();
            request.sizes().forEach((key, size) -> {
                if (!bool(model, request.present(key))) {
                    return;
                }
                List<String> values = new ArrayList<>();
                if (key.multiValued()) {
                    for (int i = 0; i < size && bool(model, request.active(key, i)); i++) {
                        values.add(string(model, request.element(key, i)));
                    }
                } else {
                    values.add(string(model, request.value(key)));
                }
                context.put(key.spelling(), values);
            });
            out.add(new ConcreteRequest(Readable.spelling(string(model, request.action())),
                    string(model, request.resource()), context));
        }
        return out;
    }

    /** A model shaped as a request AWS could send, or {@code null} when there is none. */
    private Model readable(Query query) {
        Solver shaped = solver(query.script() + Readable.constraints(query.requests(), query.tablePrefix()), 0);
        return shaped.check() == Status.SATISFIABLE ? shaped.getModel() : null;
    }

    /** Every constant of the model as an SMT-LIB equality (Z3 prints values in SMT-LIB syntax). */
    private static List<String> assignment(Model model) {
        List<String> equalities = new ArrayList<>();
        for (FuncDecl<?> constant : model.getConstDecls()) {
            equalities.add(Smt.eq(Smt.symbol(constant.getName().toString()),
                    model.getConstInterp(constant).toString()));
        }
        return equalities;
    }

    private boolean bool(Model model, String symbol) {
        return model.eval(context.mkBoolConst(Smt.unquote(symbol)), true).isTrue();
    }

    private String string(Model model, String symbol) {
        Expr<?> value = model.eval(context.mkConst(Smt.unquote(symbol), context.getStringSort()), true);
        return Readable.unescape(value.getString());
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Override
    public void close() {
        context.close();
    }
}
