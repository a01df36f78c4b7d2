package dev.enclave.app.infra.store;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The conditions every repository needs, with the key attribute named from {@link TableAttributes}. */
public final class Conditions {

    private static final String KEY = "#pk";
    /** A version no item ever has: an empty list of expected versions matches nothing. */
    private static final long NEVER = -1;

    private Conditions() {
    }

    /** The item exists. */
    public static Expr exists() {
        return Expr.of("attribute_exists(" + KEY + ")").name(KEY, TableAttributes.PARTITION_KEY);
    }

    /** No item has the key yet. */
    public static Expr absent() {
        return Expr.of("attribute_not_exists(" + KEY + ")").name(KEY, TableAttributes.PARTITION_KEY);
    }

    /** The item exists, at one of the {@code expected} versions of its {@code versionAttribute} (if any named). */
    public static Expr atVersion(ExpectedVersion expected, String versionAttribute) {
        if (expected.any()) {
            return exists();
        }
        List<Long> versions = expected.versions().isEmpty() ? List.of(NEVER)
                : expected.versions().stream().sorted().toList();
        String in = IntStream.range(0, versions.size()).mapToObj(i -> ":expected" + i)
                .collect(Collectors.joining(", "));
        Expr inVersions = Expr.of("#version IN (" + in + ")").name("#version", versionAttribute);
        for (int i = 0; i < versions.size(); i++) {
            inVersions = inVersions.number(":expected" + i, versions.get(i));
        }
        return exists().and(inVersions);
    }
}
