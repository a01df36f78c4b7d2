package dev.enclave.bench.run;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The joins cell's section of the report: bursts of accepts into one organisation, transactions conflicting. */
final class JoinsSection {

    private JoinsSection() {
    }

    /** Section {@code number}, the joins cell. */
    static String of(JoinBursts.Result result, String number) {
        StringBuilder md = new StringBuilder();
        md.append("## ").append(number).append(". Joins at once\n\n");
        md.append(String.format(Locale.ROOT, "Every accept updates the organisation's item (its member counter, for "
                + "seats), and on DynamoDB transactions that touch one item at once cancel each other. DynamoDB Local "
                + "runs one request at a time and never does, so here the sandbox makes transactions conflict as "
                + "DynamoDB's do (`-Denclave.local.transaction-conflicts`): a transaction holds its items while "
                + "DynamoDB Local runs it and **%.0f ms** more (DynamoDB's transactions commit in two phases), and a "
                + "transaction touching a held item is cancelled with `TransactionConflict`. Each burst invites its "
                + "people first, then releases all their accepts together, from as many client threads, to one "
                + "instance or alternately to two sharing the table (a server of its own and `enclave-app.jar`, "
                + "limits off). Within an instance an organisation's transactions take turns; between instances a "
                + "conflict is sent again for up to 5 s. *Conflicts* are the transactions the sandbox cancelled in "
                + "the burst, each sent again by the application.%n%n", result.conflictHoldMs()));
        md.append("| instances | accepts at once | round | answers | wall (s) | joins / s | p50 (ms) | p99 (ms) | "
                + "max (ms) | conflicts |\n");
        md.append("|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
        for (JoinBursts.Burst b : result.bursts()) {
            md.append(String.format(Locale.ROOT, "| %d | %d | %d | %s | %.2f | %.1f | %.0f | %.0f | %.0f | %d |%n",
                    b.instances(), b.accepts(), b.round(), answers(b.statuses()), b.wallSeconds(), b.joinsPerSecond(),
                    b.p50Ms(), b.p99Ms(), b.maxMs(), b.conflicts()));
        }
        md.append('\n');
        return md.toString();
    }

    /** Joins refused over every burst (answers other than 200). */
    static long refused(JoinBursts.Result result) {
        return result.bursts().stream().flatMap(b -> b.statuses().entrySet().stream())
                .filter(e -> e.getKey() != 200).mapToLong(Map.Entry::getValue).sum();
    }

    private static String answers(Map<Integer, Integer> statuses) {
        List<String> parts = statuses.entrySet().stream().map(e -> e.getValue() + " × " + e.getKey()).toList();
        return parts.stream().collect(Collectors.joining(", "));
    }
}
