package dev.enclave.app.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.store.Conditions;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IfMatchTest {

    @Test
    void noHeader_expectsNothing_soTheWriteNeedsOne() {
        assertThat(IfMatch.expected(null)).isEmpty();
    }

    @Test
    void star_acceptsAnyExistingVersion() {
        assertThat(IfMatch.expected(" * ")).contains(ExpectedVersion.anyExisting());
    }

    @Test
    void aListOfStrongTags_acceptsEachOfThem() {
        assertThat(IfMatch.expected("\"v3\", \"v5\"")).contains(ExpectedVersion.oneOf(Set.of(3L, 5L)));
    }

    @Test
    void weakTags_foreignTags_andGarbage_matchNothing() {
        assertThat(IfMatch.expected("W/\"v3\", \"etag-from-elsewhere\", v4, \"v\""))
                .contains(ExpectedVersion.oneOf(Set.of()));
    }

    @Test
    void atMostTwentyTags_areRead() {
        String many = "\"v1\",".repeat(25) + "\"v99\"";

        assertThat(IfMatch.expected(many)).contains(ExpectedVersion.oneOf(Set.of(1L)));
    }

    @Test
    void theConditionNamesEveryExpectedVersion_andAnEmptyListOneThatNeverExists() {
        ExpectedVersion two = ExpectedVersion.oneOf(Set.of(3L, 5L));
        ExpectedVersion none = ExpectedVersion.oneOf(Set.of());

        assertThat(Conditions.atVersion(two, "version").text())
                .isEqualTo("attribute_exists(#pk) AND #version IN (:expected0, :expected1)");
        assertThat(Conditions.atVersion(two, "version").names())
                .containsEntry("#pk", "PK").containsEntry("#version", "version");
        assertThat(Conditions.atVersion(two, "version").values()).hasSize(2);
        assertThat(Conditions.atVersion(none, "version").values().get(":expected0").n()).isEqualTo("-1");
        assertThat(Conditions.atVersion(ExpectedVersion.anyExisting(), "version").text())
                .isEqualTo("attribute_exists(#pk)");
        assertThat(Conditions.atVersion(ExpectedVersion.anyExisting(), "version").values()).isEmpty();
    }
}
