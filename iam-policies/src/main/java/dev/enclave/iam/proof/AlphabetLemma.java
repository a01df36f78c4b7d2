package dev.enclave.iam.proof;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dk.brics.automaton.Automaton;
import dk.brics.automaton.RegExp;

/**
 * The lemma that makes disjointness (P2) hold for every pair of ids, not only the ones tried: every tenant id is a
 * non-empty string over {@code [a-z0-9-]} and every incarnation over {@code [a-z0-9]} — no {@code #}, no wildcard,
 * no {@code $}. Then {@code TENANT#a#} and {@code TENANT#b#} for {@code a ≠ b} are never a prefix of one another
 * (the shorter id would be followed by {@code #} where the longer has an id character), so no key starts with both.
 * Checked exactly, with automata, on the validators' own regular expressions: a lookahead only narrows a language,
 * so {@link TenantId#REGEX} without its lookaheads describes a superset, and the superset is inside the alphabet.
 */
public final class AlphabetLemma {

    /** The tenant id alphabet, as an automaton regular expression. */
    public static final String TENANT_ALPHABET = "[a-z0-9\\-]+";
    /** The incarnation alphabet. */
    public static final String INCARNATION_ALPHABET = "[a-z0-9]+";

    private AlphabetLemma() {
    }

    /** Whether every string {@link TenantId} accepts is in {@link #TENANT_ALPHABET}. */
    public static boolean tenantIdsAreInTheAlphabet() {
        return automaton(withoutLookaheads(TenantId.REGEX)).subsetOf(automaton(TENANT_ALPHABET));
    }

    /** Whether every string {@link Incarnation} accepts is in {@link #INCARNATION_ALPHABET}. */
    public static boolean incarnationsAreInTheAlphabet() {
        return automaton(Incarnation.REGEX).subsetOf(automaton(INCARNATION_ALPHABET));
    }

    /**
     * A Java regular expression without its lookaheads, non-capturing groups as plain groups: the superset language
     * in dk.brics syntax. Fails for constructs it does not know rather than guess.
     */
    static String withoutLookaheads(String javaRegex) {
        String plain = javaRegex.replaceAll("\\(\\?[=!][^()]*\\)", "").replace("(?:", "(");
        if (plain.contains("(?") || plain.contains("\\")) {
            throw new IllegalArgumentException("a regular expression the lemma cannot read: " + javaRegex);
        }
        return plain;
    }

    static Automaton automaton(String regex) {
        return new RegExp(regex, RegExp.NONE).toAutomaton();
    }
}
