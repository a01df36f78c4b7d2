package dev.enclave.sandbox.iam;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.iam.proof.ProofPlan;
import dev.enclave.iam.proof.Query;
import dev.enclave.iam.proof.ReplayCase;
import dev.enclave.iam.proof.SolverAnswer;
import dev.enclave.iam.proof.SolverVerdict;
import dev.enclave.iam.proof.Subject;
import dev.enclave.iam.proof.Subjects;
import dev.enclave.iam.proof.Z3Solver;
import dev.enclave.table.TableDesign;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The proof catches each way the policies have been, or could be, broken: for each mutant of a rendered policy some
 * property fails with a counterexample, which the sandbox evaluator and {@code @cloud-copilot/iam-simulate} both
 * decide as the proof claims. A mutant that survives fails the build.
 */
class PolicyMutantsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Subjects SUBJECTS = new Subjects(new TableArn(ConformanceCorpus.TABLE), TableDesign.ENCLAVE);
    private static final Z3Solver Z3 = new Z3Solver(20_000);
    private static final Map<Mutant, String> TABLE = new LinkedHashMap<>();

    /** A broken policy: which one (session or data, acme read-write) and how it is broken. */
    enum Mutant {
        SESSION_TRAILING_SEPARATOR_DROPPED(false, "P1", text("#*\"", "*\"")),
        SESSION_NULL_GUARD_REMOVED(false, "P1", allow(s -> ((ObjectNode) s.get("Condition")).remove("Null"))),
        SESSION_FOR_ANY_VALUE_ON_LEADING_KEYS(false, "P1", text("ForAllValues:StringLike", "ForAnyValue:StringLike")),
        SESSION_SCAN_ADDED(false, "P5", allow(s -> actions(s).add("dynamodb:Scan"))),
        SESSION_ALL_ACTIONS_ADDED(false, "P5", allow(s -> actions(s).add("dynamodb:*"))),
        SESSION_RESOURCE_WIDENED(false, "P4", allow(s -> resources(s).set(0, ConformanceCorpus.TABLE
                .replace("table/enclave", "table/*")))),
        DATA_TRAILING_SEPARATOR_DROPPED(true, "P1", text("#*\"", "*\"")),
        DATA_NULL_GUARD_REMOVED(true, "P1", allow(s -> ((ObjectNode) s.get("Condition")).remove("Null"))),
        DATA_FOR_ANY_VALUE_ON_LEADING_KEYS(true, "P1", text("ForAllValues:StringLike", "ForAnyValue:StringLike")),
        DATA_INDEX_ARN_ADDED(true, "P4", allow(s -> resources(s).add(ConformanceCorpus.TABLE + "/index/GSI1"))),
        DATA_FOR_ALL_VALUES_IN_THE_DENY(true, "P3", text("ForAnyValue:StringEquals", "ForAllValues:StringEquals")),
        DATA_SCAN_ADDED(true, "P5", allow(s -> actions(s).add("dynamodb:Scan"))),
        DATA_ALL_ACTIONS_ADDED(true, "P5", allow(s -> actions(s).add("dynamodb:*"))),
        DATA_RESOURCE_WIDENED(true, "P4", allow(s -> resources(s).set(0, ConformanceCorpus.TABLE
                .replace("table/enclave", "table/*"))));

        private final boolean data;
        private final String caughtBy;
        private final UnaryOperator<String> mutation;
        /**
         * Scan carries no {@code dynamodb:LeadingKeys} (the Service Authorization Reference lists none for it), so
         * the Null guard refuses every Scan AWS could send: P5 catches the policy naming it, but no request AWS
         * could send is a counterexample. The proof does not assume the key list, so it still catches this.
         */
        private final boolean harmlessInAws;

        Mutant(boolean data, String caughtBy, UnaryOperator<String> mutation) {
            this.data = data;
            this.caughtBy = caughtBy;
            this.mutation = mutation;
            this.harmlessInAws = name().endsWith("SCAN_ADDED");
        }

        Subject subject() {
            String json = data ? SUBJECTS.dataJson("acme", "k3j9", Access.READ_WRITE)
                    : SUBJECTS.sessionJson("acme", Access.READ_WRITE);
            String mutated = mutation.apply(json);
            assertThat(mutated).as("the mutation changes the policy").isNotEqualTo(json);
            return data ? SUBJECTS.data(name(), mutated, "acme", "k3j9", Access.READ_WRITE)
                    : SUBJECTS.session(name(), mutated, "acme", Access.READ_WRITE);
        }

        List<Query> queries() {
            Subject subject = subject();
            List<Query> queries = new ArrayList<>(ProofPlan.of(subject));
            if (data) {
                queries.add(ProofPlan.within(subject, SUBJECTS.session("acme", Access.READ_WRITE)));
            }
            return queries;
        }
    }

    @AfterAll
    static void printTheTable() {
        System.out.println("mutant | caught by | counterexample | iam-simulate");
        TABLE.forEach((mutant, line) -> System.out.println(mutant + " | " + line));
        Z3.close();
    }

    @ParameterizedTest
    @EnumSource(Mutant.class)
    void mutant_failsAProperty_withACounterexampleBothEvaluatorsDecideAsClaimed(Mutant mutant) throws Exception {
        List<String> caught = new ArrayList<>();
        List<Counterexample> counterexamples = new ArrayList<>();
        for (Query query : mutant.queries()) {
            SolverAnswer answer = Z3.solve(query);
            assertThat(answer.outcome()).as(query.property() + " " + query.claim() + " " + answer.reason())
                    .isNotEqualTo(SolverVerdict.UNKNOWN);
            if (answer.outcome() == (query.liveness() ? SolverVerdict.UNSAT : SolverVerdict.SAT)) {
                caught.add(query.property());
                if (!query.liveness()) {
                    counterexamples.add(new Counterexample(query, answer));
                }
            }
        }
        assertThat(caught).as(mutant + " survived").contains(mutant.caughtBy);

        Counterexample shown = counterexamples.stream().filter(c -> c.answer().realistic()).findFirst()
                .orElse(counterexamples.get(0));
        List<ReplayCase> cases = cases(shown.query(), shown.answer());
        System.out.println(mutant + ": " + shown.query().property() + " fails, " + shown.query().claim() + ":");
        cases.forEach(c -> System.out.println("  " + c.json()));
        cases.forEach(c -> assertThat(corpusCase(c).decide().allowed()).as("the sandbox on " + c.json())
                .isEqualTo(c.allowed()));
        List<String> theirs = IamSimulate.decide(cases.stream().map(PolicyMutantsIT::corpusCase).toList());
        TABLE.put(mutant, String.join(",", caught.stream().distinct().toList()) + " | " + summary(cases.get(0))
                + " | " + theirs + (shown.answer().realistic() ? "" : " (no request AWS could send violates it)"));
        if (shown.answer().realistic()) {
            for (int i = 0; i < cases.size(); i++) {
                assertThat(theirs.get(i).equals("ALLOW")).as("iam-simulate on " + cases.get(i).json())
                        .isEqualTo(cases.get(i).allowed());
            }
        } else {
            assertThat(mutant.harmlessInAws).as(mutant + ": only a request AWS would not send violates it").isTrue();
            assertThat(theirs).as("iam-simulate, which sends only the keys AWS lists for the action")
                    .doesNotContain("ALLOW");
        }
    }

    /** A failed safety property and Z3's model. */
    private record Counterexample(Query query, SolverAnswer answer) {
    }

    @Test
    void witnesses_ofTheRealPolicies_areAllowedByBothEvaluators() throws Exception {
        List<ReplayCase> witnesses = new ArrayList<>();
        for (Subject subject : List.of(SUBJECTS.session("acme", Access.READ_WRITE), SUBJECTS.data("acme", "k3j9",
                Access.READ_WRITE))) {
            for (Query query : ProofPlan.of(subject)) {
                SolverAnswer answer = Z3.solve(query);
                assertThat(answer.outcome()).as(query.claim()).isEqualTo(query.liveness() ? SolverVerdict.SAT
                        : SolverVerdict.UNSAT);
                if (query.liveness()) {
                    witnesses.addAll(cases(query, answer));
                }
            }
        }

        assertThat(witnesses).hasSizeGreaterThan(16).allMatch(ReplayCase::allowed);
        witnesses.forEach(w -> assertThat(corpusCase(w).decide().allowed()).as(w.json()).isTrue());
        assertThat(IamSimulate.decide(witnesses.stream().map(PolicyMutantsIT::corpusCase).toList()))
                .containsOnly("ALLOW");
    }

    private static List<ReplayCase> cases(Query query, SolverAnswer answer) {
        return new dev.enclave.iam.proof.PropertyResult(query, answer, java.util.Optional.empty()).cases();
    }

    private static ConformanceCorpus.Case corpusCase(ReplayCase c) {
        return new ConformanceCorpus.Case(c.policies(), c.sessionPolicy(), c.request().action(),
                c.request().resource(), c.request().context());
    }

    private static String summary(ReplayCase c) {
        return c.request().action() + " on " + c.request().resource().replace(ConformanceCorpus.TABLE, "<table>")
                + " " + c.request().context();
    }

    private static UnaryOperator<String> text(String from, String to) {
        return json -> json.replace(from, to);
    }

    /** A change to the (first) Allow statement. */
    private static UnaryOperator<String> allow(java.util.function.Consumer<ObjectNode> change) {
        return json -> {
            try {
                ObjectNode policy = (ObjectNode) JSON.readTree(json);
                JsonNode statements = policy.get("Statement");
                ObjectNode allow = (ObjectNode) (statements.isArray() ? statements.get(0) : statements);
                change.accept(allow);
                return JSON.writeValueAsString(policy);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    private static ArrayNode actions(ObjectNode statement) {
        return list(statement, "Action");
    }

    private static ArrayNode resources(ObjectNode statement) {
        return list(statement, "Resource");
    }

    private static ArrayNode list(ObjectNode statement, String field) {
        JsonNode value = statement.get(field);
        if (value.isArray()) {
            return (ArrayNode) value;
        }
        ArrayNode list = statement.putArray(field);
        list.add(value);
        return list;
    }
}
