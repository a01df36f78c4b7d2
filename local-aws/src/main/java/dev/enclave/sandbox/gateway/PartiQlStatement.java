package dev.enclave.sandbox.gateway;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What IAM authorises for one PartiQL statement: {@code dynamodb:PartiQLSelect|Insert|Update|Delete} on the table
 * (or, for a SELECT from {@code "table"."index"}, the index) it names.
 *
 * @param index the index a SELECT reads, if any
 */
record PartiQlStatement(String action, String table, Optional<String> index) {

    private static final String NAME = "(?:\"([^\"]+)\"|([A-Za-z0-9_-]+))";
    private static final Pattern SELECT = Pattern.compile("\\s*SELECT\\s.*?\\sFROM\\s+" + NAME + "(?:\\." + NAME
            + ")?.*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern INSERT = Pattern.compile("\\s*INSERT\\s+INTO\\s+" + NAME + ".*",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern UPDATE = Pattern.compile("\\s*UPDATE\\s+" + NAME + ".*",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern DELETE = Pattern.compile("\\s*DELETE\\s+FROM\\s+" + NAME + ".*",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** Empty when the statement is none of SELECT, INSERT, UPDATE, DELETE on a named table. */
    static Optional<PartiQlStatement> parse(String statement) {
        for (Pattern pattern : new Pattern[] {SELECT, INSERT, UPDATE, DELETE}) {
            Matcher m = pattern.matcher(statement);
            if (m.matches()) {
                String verb = statement.trim().split("\\s+")[0].toLowerCase(Locale.ROOT);
                String action = "dynamodb:PartiQL" + Character.toUpperCase(verb.charAt(0)) + verb.substring(1);
                Optional<String> index = pattern == SELECT
                        ? Optional.ofNullable(m.group(3) != null ? m.group(3) : m.group(4)) : Optional.empty();
                return Optional.of(new PartiQlStatement(action, m.group(1) != null ? m.group(1) : m.group(2), index));
            }
        }
        return Optional.empty();
    }
}
