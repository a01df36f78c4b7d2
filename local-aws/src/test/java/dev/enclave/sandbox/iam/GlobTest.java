package dev.enclave.sandbox.iam;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GlobTest {

    @Test
    void star_matchesAnyRun_includingNone() {
        Glob glob = new Glob.Builder().literal("TENANT#acme#").wildcard('*').build(false);

        assertThat(glob.matches("TENANT#acme#")).isTrue();
        assertThat(glob.matches("TENANT#acme#ORG")).isTrue();
        assertThat(glob.matches("TENANT#acme")).isFalse();
        assertThat(glob.matches("TENANT#acmex#ORG")).isFalse();
    }

    @Test
    void question_matchesExactlyOneCharacter() {
        Glob glob = new Glob.Builder().literal("a").wildcard('?').literal("c").build(false);

        assertThat(glob.matches("abc")).isTrue();
        assertThat(glob.matches("ac")).isFalse();
        assertThat(glob.matches("abbc")).isFalse();
    }

    @Test
    void literalStarOrQuestion_matchesOnlyItself() {
        Glob glob = new Glob.Builder().literal("a*?").build(false);

        assertThat(glob.matches("a*?")).isTrue();
        assertThat(glob.matches("abc")).isFalse();
    }

    @Test
    void severalStars_backtrackToFindAMatch() {
        Glob glob = new Glob.Builder().wildcard('*').literal("ab").wildcard('*').literal("ab").build(false);

        assertThat(glob.matches("xxabyyabab")).isTrue();
        assertThat(glob.matches("abab")).isTrue();
        assertThat(glob.matches("aba")).isFalse();
    }

    @Test
    void ignoreCase_comparesLettersWithoutCase_onlyWhenAsked() {
        Glob glob = new Glob.Builder().literal("dynamodb:Get").wildcard('*').build(true);

        assertThat(glob.matches("DynamoDB:GETITEM")).isTrue();
        assertThat(new Glob.Builder().literal("Get").build(false).matches("GET")).isFalse();
    }
}
