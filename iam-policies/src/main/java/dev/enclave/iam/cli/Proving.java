package dev.enclave.iam.cli;

import dev.enclave.iam.policy.Access;
import dev.enclave.iam.policy.TableArn;
import dev.enclave.iam.proof.AlphabetLemma;
import dev.enclave.iam.proof.ProofPlan;
import dev.enclave.iam.proof.ProofReport;
import dev.enclave.iam.proof.PropertyResult;
import dev.enclave.iam.proof.Prover;
import dev.enclave.iam.proof.Query;
import dev.enclave.iam.proof.Subject;
import dev.enclave.iam.proof.Subjects;
import dev.enclave.table.TableDesign;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code prove}: the isolation properties, decided by Z3 and confirmed by OSTRICH, for the policies as rendered or
 * for one given document. Exit 0 only when every property holds.
 */
final class Proving {

    static final int FAILED = 1;
    static final String EXAMPLE_TABLE = "arn:aws:dynamodb:eu-west-1:123456789012:table/enclave";
    static final String EXAMPLE_TENANT_ROLE = "arn:aws:iam::123456789012:role/enclave-tenant";
    private static final int TIMEOUT_MILLIS = 20_000;

    private final PrintStream out;

    Proving(PrintStream out) {
        this.out = out;
    }

    int run(Map<String, String> options) {
        TableArn table = new TableArn(options.getOrDefault("--table-arn", EXAMPLE_TABLE));
        Subjects subjects = new Subjects(table, TableDesign.ENCLAVE);
        List<Query> queries = options.containsKey("--policy") ? ofDocument(subjects, options)
                : ProofPlan.asRendered(subjects, options.getOrDefault("--tenant-role-arn", EXAMPLE_TENANT_ROLE));
        boolean lemma = !options.containsKey("--policy") && printLemma();
        ProofReport report = new Prover(TIMEOUT_MILLIS).prove(queries);
        out.print(report.render());
        report.failures().forEach(this::printCounterexample);
        return report.allHold() && (lemma || options.containsKey("--policy")) ? 0 : FAILED;
    }

    private boolean printLemma() {
        boolean tenants = AlphabetLemma.tenantIdsAreInTheAlphabet();
        boolean incarnations = AlphabetLemma.incarnationsAreInTheAlphabet();
        out.println((tenants ? "HOLDS " : "FAILS ") + "lemma  every tenant id is in " + AlphabetLemma.TENANT_ALPHABET
                + "  [exact, automata]");
        out.println((incarnations ? "HOLDS " : "FAILS ") + "lemma  every incarnation is in "
                + AlphabetLemma.INCARNATION_ALPHABET + "  [exact, automata]");
        return tenants && incarnations;
    }

    private static List<Query> ofDocument(Subjects subjects, Map<String, String> options) {
        String json = read(Path.of(options.get("--policy")));
        String tenant = PolicyCli.required(options, "--tenant");
        Access access = options.containsKey("--read-only") ? Access.READ : Access.READ_WRITE;
        String kind = PolicyCli.required(options, "--kind");
        String name = kind + " policy " + options.get("--policy");
        switch (kind) {
            case "session" -> {
                return ProofPlan.of(subjects.session(name, json, tenant, access));
            }
            case "data" -> {
                String incarnation = PolicyCli.required(options, "--incarnation");
                Subject data = subjects.data(name, json, tenant, incarnation, access);
                List<Query> queries = new ArrayList<>(ProofPlan.of(data));
                queries.add(ProofPlan.within(data, subjects.session(tenant, access)));
                return queries;
            }
            default -> throw new IllegalArgumentException("--kind is session or data, not '" + kind + "'");
        }
    }

    private void printCounterexample(PropertyResult failure) {
        out.println("counterexample to " + failure.query().property() + " " + failure.query().subject()
                + (failure.z3().parameters().isEmpty() ? "" : " with " + failure.z3().parameters()) + ":");
        failure.cases().forEach(c -> out.println("  " + c.json()));
        if (failure.cases().isEmpty()) {
            out.println("  (no model: " + failure.z3().outcome() + " " + failure.z3().reason() + ")");
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
