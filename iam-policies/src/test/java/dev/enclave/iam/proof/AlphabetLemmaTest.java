package dev.enclave.iam.proof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dk.brics.automaton.Automaton;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lemma behind P2 for every pair of ids, on the validators' own regular expressions, exactly. */
class AlphabetLemmaTest {

    @Test
    void everyTenantId_isInTheAlphabet_soNoneHoldsTheSeparatorOrAWildcard() {
        assertThat(AlphabetLemma.tenantIdsAreInTheAlphabet()).isTrue();
        Automaton ids = AlphabetLemma.automaton(AlphabetLemma.withoutLookaheads(TenantId.REGEX));
        for (String forbidden : List.of("#", "*", "?", "$", "{", "}", "\"", " ", "/")) {
            assertThat(ids.intersection(AlphabetLemma.automaton(".*" + quoted(forbidden) + ".*")).isEmpty())
                    .as("no tenant id holds " + forbidden).isTrue();
        }
    }

    @Test
    void everyIncarnation_isInTheAlphabet() {
        assertThat(AlphabetLemma.incarnationsAreInTheAlphabet()).isTrue();
        assertThat(AlphabetLemma.automaton(Incarnation.REGEX)
                .intersection(AlphabetLemma.automaton(".*[#*?$\\-].*")).isEmpty()).isTrue();
    }

    @Test
    void droppingTheLookaheads_onlyWidens_theAutomatonAcceptsEveryValidId() {
        Automaton superset = AlphabetLemma.automaton(AlphabetLemma.withoutLookaheads(TenantId.REGEX));

        for (String id : List.of("acme", "acme-2", "a-b", "123", ProofPlan.LONGEST_TENANT,
                PolicyTemplates.TENANT_SENTINEL)) {
            assertThat(TenantId.PATTERN.matcher(id).matches()).isTrue();
            assertThat(superset.run(id)).as(id).isTrue();
        }
        assertThat(superset.run("a#b")).isFalse();
    }

    @Test
    void theLemmaWouldFail_forAnAlphabetWithTheSeparator() {
        assertThat(AlphabetLemma.automaton("[a-z#]{3}").subsetOf(AlphabetLemma.automaton(
                AlphabetLemma.TENANT_ALPHABET))).isFalse();
    }

    @Test
    void aRegularExpressionTheLemmaCannotRead_isRefused() {
        assertThatThrownBy(() -> AlphabetLemma.withoutLookaheads("[a-z]\\d")).isInstanceOf(
                IllegalArgumentException.class);
    }

    private static String quoted(String character) {
        return "\\" + character;
    }
}
