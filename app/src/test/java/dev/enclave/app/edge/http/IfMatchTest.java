package dev.enclave.app.edge.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.identity.Incarnation;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IfMatchTest {

    private static final Incarnation FIRST = new Incarnation("k3j9");

    @Test
    void noHeader_expectsNothing_soTheWriteNeedsOne() {
        assertThat(IfMatch.expected(null, FIRST)).isEmpty();
    }

    @Test
    void star_acceptsAnyExistingVersion() {
        assertThat(IfMatch.expected(" * ", FIRST)).contains(ExpectedVersion.anyExisting());
    }

    @Test
    void aListOfStrongTags_acceptsEachOfThem() {
        assertThat(IfMatch.expected("\"k3j9.v3\", \"k3j9.v5\"", FIRST)).contains(ExpectedVersion.oneOf(Set.of(3L, 5L)));
    }

    @Test
    void weakTags_foreignTags_andGarbage_matchNothing() {
        assertThat(IfMatch.expected("W/\"k3j9.v3\", \"etag-from-elsewhere\", k3j9.v4, \"v\", \"v6\"", FIRST))
                .contains(ExpectedVersion.oneOf(Set.of()));
    }

    @Test
    void tagsAreComparedCharacterForCharacter_soALeadingZeroIsAnotherTag() {
        assertThat(IfMatch.expected("\"k3j9.v06\", \"k3j9.v00\"", FIRST)).contains(ExpectedVersion.oneOf(Set.of()));
        assertThat(IfMatch.expected("\"k3j9.v0\", \"k3j9.v10\"", FIRST))
                .contains(ExpectedVersion.oneOf(Set.of(0L, 10L)));
    }

    @Test
    void atMostTwentyTags_areRead() {
        String many = "\"k3j9.v1\",".repeat(25) + "\"k3j9.v99\"";

        assertThat(IfMatch.expected(many, FIRST)).contains(ExpectedVersion.oneOf(Set.of(1L)));
    }

    @Test
    void theConditionNamesEveryExpectedVersion_andAnEmptyListOneThatNeverExists() {
        ExpectedVersion two = ExpectedVersion.oneOf(Set.of(3L, 5L));
        ExpectedVersion none = ExpectedVersion.oneOf(Set.of());

        assertThat(Expr.atVersion(two, "version").text())
                .isEqualTo("attribute_exists(#pk) AND #version IN (:expected0, :expected1)");
        assertThat(Expr.atVersion(two, "version").names())
                .containsEntry("#pk", "PK").containsEntry("#version", "version");
        assertThat(Expr.atVersion(two, "version").values()).hasSize(2);
        assertThat(Expr.atVersion(none, "version").values().get(":expected0").n()).isEqualTo("-1");
        assertThat(Expr.atVersion(ExpectedVersion.anyExisting(), "version").text())
                .isEqualTo("attribute_exists(#pk)");
        assertThat(Expr.atVersion(ExpectedVersion.anyExisting(), "version").values()).isEmpty();
    }
}
