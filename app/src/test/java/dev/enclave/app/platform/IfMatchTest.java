package dev.enclave.app.platform;

import static org.assertj.core.api.Assertions.assertThat;

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

        assertThat(VersionCondition.expression(two, "PK", "#version"))
                .isEqualTo("attribute_exists(PK) AND #version IN (:expected0, :expected1)");
        assertThat(VersionCondition.values(two)).hasSize(2);
        assertThat(VersionCondition.values(none).get(":expected0").n()).isEqualTo("-1");
        assertThat(VersionCondition.expression(ExpectedVersion.anyExisting(), "PK", "#version"))
                .isEqualTo("attribute_exists(PK)");
        assertThat(VersionCondition.values(ExpectedVersion.anyExisting())).isEmpty();
    }
}
