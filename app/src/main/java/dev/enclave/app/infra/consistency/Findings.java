package dev.enclave.app.infra.consistency;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What checking the items found.
 *
 * @param itemsRead   every item given
 * @param tenants     tenants with a control partition
 * @param tenantData  items in tenants' data namespaces, which are the tenants' own and not checked
 * @param violations  every broken invariant, by tenant
 */
public record Findings(long itemsRead, int tenants, long tenantData, List<Violation> violations) {

    public Findings {
        violations = List.copyOf(violations);
    }

    public boolean clean() {
        return violations.isEmpty();
    }

    /** How many violations of each kind, in the kinds' order; kinds with none are left out. */
    public Map<ViolationKind, Long> byKind() {
        return violations.stream().collect(Collectors.groupingBy(Violation::kind,
                () -> new EnumMap<>(ViolationKind.class), Collectors.counting()));
    }

    /** The violations of one kind. */
    public List<Violation> of(ViolationKind kind) {
        return violations.stream().filter(v -> v.kind() == kind).toList();
    }
}
