package dev.enclave.app.edge.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.identity.Incarnation;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ETagTest {

    private static final Incarnation FIRST = new Incarnation("k3j9");

    @Test
    void header_isTheStrongQuotedIncarnationAndVersion() {
        assertThat(new ETag(FIRST, 7).header()).isEqualTo("\"k3j9.v7\"");
    }

    @Test
    void header_sentBackInIfMatch_expectsThatVersion_ofThatIncarnationOnly() {
        assertThat(IfMatch.expected(new ETag(FIRST, 42).header(), FIRST)).contains(ExpectedVersion.oneOf(Set.of(42L)));
        assertThat(IfMatch.expected(new ETag(FIRST, 42).header(), new Incarnation("k3ja")))
                .as("a tag read from the organisation deleted before").contains(ExpectedVersion.oneOf(Set.of()));
    }

    @Test
    void aTagOfALifeInsideTheOrganisation_namesTheLife_andSentBack_expectsThatLifeOnly() {
        String header = new ETag(FIRST, "m0k3x9", 7).header();

        assertThat(header).isEqualTo("\"k3j9.m0k3x9.v7\"");
        ExpectedVersion expected = IfMatch.expected(header, FIRST).orElseThrow();
        assertThat(expected.accepts("m0k3x9", 7)).isTrue();
        assertThat(expected.accepts("m0k3xa", 7)).as("the same version of another life").isFalse();
        assertThat(expected.accepts(7)).as("an organisation's own version").isFalse();
    }

    @Test
    void aLifeThatIsNoneOfOurs_isRefused() {
        assertThatThrownBy(() -> new ETag(FIRST, "Not.A.Life", 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void negativeVersion_isRefused() {
        assertThatThrownBy(() -> new ETag(FIRST, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
