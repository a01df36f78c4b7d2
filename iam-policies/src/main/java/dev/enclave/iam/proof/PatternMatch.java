package dev.enclave.iam.proof;

import dev.enclave.iam.proof.StringPattern.AnyChar;
import dev.enclave.iam.proof.StringPattern.Parameter;
import dev.enclave.iam.proof.StringPattern.Piece;
import dev.enclave.iam.proof.StringPattern.Star;
import dev.enclave.iam.proof.StringPattern.Text;
import dev.enclave.iam.proof.StringPattern.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Whether a string term matches an IAM pattern, as an SMT formula, for each way IAM compares strings. */
final class PatternMatch {

    /** How IAM compares: literally, as a glob, as a case-insensitive glob (actions), or an ARN glob by segment. */
    enum Mode { EQUALS, LIKE, LIKE_IGNORING_CASE, ARN_LIKE }

    private static final int ARN_SEPARATORS = 5;

    private PatternMatch() {
    }

    /**
     * Refuses, when the policy is read rather than when it is encoded, a pattern the encoder cannot model.
     *
     * @throws UnsupportedPolicyException for a variable in an action or ARN pattern or after a wildcard, a
     *                                    non-ASCII action, an ARN pattern without its six segments
     */
    static void requireModelled(StringPattern pattern, Mode mode) {
        if (!pattern.symbolic()) {
            regex(pattern.pieces(), mode);
            return;
        }
        if (mode == Mode.LIKE_IGNORING_CASE || mode == Mode.ARN_LIKE) {
            throw new UnsupportedPolicyException("a variable in an action or an ARN pattern: " + pattern);
        }
        List<Piece> pieces = pattern.pieces();
        if (pieces.subList(firstWildcard(pieces), pieces.size()).stream()
                .anyMatch(p -> p instanceof Variable || p instanceof Parameter)) {
            throw new UnsupportedPolicyException("a variable after a wildcard: " + pattern);
        }
    }

    /**
     * Whether the term matches one of the patterns: equalities when all are plain text (solvers find those
     * fastest), else one regular membership when none is symbolic.
     */
    static String matchesAny(List<StringPattern> patterns, String subject, SymbolicRequest request, Mode mode) {
        if (patterns.stream().allMatch(p -> p.pieces().stream().allMatch(StringPattern.Text.class::isInstance))) {
            return Smt.or(patterns.stream().map(p -> Smt.eq(subject, Smt.str(text(p, mode)))).toList());
        }
        if (patterns.stream().anyMatch(StringPattern::symbolic)) {
            return Smt.or(patterns.stream().map(p -> matches(p, subject, request, mode)).toList());
        }
        return Smt.inRe(subject, SmtRegex.union(patterns.stream().map(p -> regex(p.pieces(), mode)).toList()));
    }

    private static String text(StringPattern plain, Mode mode) {
        String text = plain.pieces().stream().map(p -> ((StringPattern.Text) p).value())
                .reduce("", String::concat);
        if (mode == Mode.ARN_LIKE && text.chars().filter(c -> c == ':').count() < ARN_SEPARATORS) {
            throw new UnsupportedPolicyException("an ARN pattern without its six segments: " + text);
        }
        return mode == Mode.LIKE_IGNORING_CASE ? lower(text) : text;
    }

    static String matches(StringPattern pattern, String subject, SymbolicRequest request, Mode mode) {
        requireModelled(pattern, mode);
        if (!pattern.symbolic()) {
            return Smt.inRe(subject, regex(pattern.pieces(), mode));
        }
        int firstWildcard = firstWildcard(pattern.pieces());
        List<Piece> head = pattern.pieces().subList(0, firstWildcard);
        List<Piece> tail = pattern.pieces().subList(firstWildcard, pattern.pieces().size());
        List<String> guards = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (Piece piece : head) {
            if (piece instanceof Text text) {
                parts.add(Smt.str(text.value()));
            } else if (piece instanceof Parameter parameter) {
                parts.add(parameter.term());
            } else if (piece instanceof Variable variable) {
                List<String> resolved = request.variable(variable.key());
                guards.add(resolved.get(0));
                parts.add(resolved.get(1));
            }
        }
        String prefix = Smt.concat(parts);
        guards.add(tail.isEmpty() ? Smt.eq(subject, prefix) : Smt.prefixOf(prefix, subject));
        if (!tail.isEmpty() && !tail.equals(List.of(new Star()))) {
            guards.add(Smt.inRe(Smt.dropPrefix(subject, Smt.len(prefix)), regex(tail, mode)));
        }
        return Smt.and(guards);
    }

    /** Lower case, for actions, which IAM compares ignoring case; ASCII only, where that is exact. */
    private static String lower(String text) {
        if (!text.chars().allMatch(c -> c < 0x80)) {
            throw new UnsupportedPolicyException("a non-ASCII action pattern: " + text);
        }
        return text.toLowerCase(Locale.ROOT);
    }

    private static int firstWildcard(List<Piece> pieces) {
        for (int i = 0; i < pieces.size(); i++) {
            if (pieces.get(i) instanceof Star || pieces.get(i) instanceof AnyChar) {
                return i;
            }
        }
        return pieces.size();
    }

    private static String regex(List<Piece> pieces, Mode mode) {
        if (mode == Mode.ARN_LIKE) {
            return arnRegex(pieces);
        }
        return SmtRegex.concat(pieces.stream().map(piece -> piece instanceof Text text
                ? SmtRegex.literal(mode == Mode.LIKE_IGNORING_CASE ? lower(text.value()) : text.value())
                : piece instanceof Star ? SmtRegex.ANY_STRING : SmtRegex.ANY_CHAR).toList());
    }

    /**
     * IAM matches an ARN pattern segment by segment: the first five {@code :} separate the partition, service,
     * region, account and resource, and a wildcard never spans a separator — except in the resource, which may hold
     * {@code :} itself. A bare {@code *} matches every resource.
     */
    private static String arnRegex(List<Piece> pieces) {
        if (pieces.equals(List.of(new Star()))) {
            return SmtRegex.ANY_STRING;
        }
        List<String> parts = new ArrayList<>();
        int separators = 0;
        for (Piece piece : pieces) {
            boolean inResource = separators == ARN_SEPARATORS;
            if (piece instanceof Star) {
                parts.add(inResource ? SmtRegex.ANY_STRING : SmtRegex.star(SmtRegex.NOT_COLON));
            } else if (piece instanceof AnyChar) {
                parts.add(inResource ? SmtRegex.ANY_CHAR : SmtRegex.NOT_COLON);
            } else if (piece instanceof Text text) {
                for (char c : text.value().toCharArray()) {
                    separators += c == ':' && separators < ARN_SEPARATORS ? 1 : 0;
                }
                parts.add(SmtRegex.literal(text.value()));
            }
        }
        if (separators < ARN_SEPARATORS) {
            throw new UnsupportedPolicyException("an ARN pattern without its six segments: " + pieces);
        }
        return SmtRegex.concat(parts);
    }
}
