package dev.enclave.app.infra.consistency;

import java.io.PrintStream;

/** The checker's output: one line per violation, then a summary. */
final class ConsistencyReport {

    private ConsistencyReport() {
    }

    static void print(String table, long pages, Findings findings, PrintStream out) {
        findings.violations().forEach(v -> out.println(v.kind() + " tenant=" + v.tenant() + " key=" + v.key()
                + " " + v.detail()));
        out.println("checked table " + table + ": " + findings.itemsRead() + " items in " + pages + " pages, "
                + findings.tenants() + " tenants, " + findings.tenantData() + " items of tenant data not checked");
        out.println(findings.clean() ? "no violations" : findings.violations().size() + " violations");
        findings.byKind().forEach((kind, count) -> out.println("  " + kind + " " + count));
    }
}
