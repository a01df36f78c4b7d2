package dev.enclave.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cell run on its own ({@code bench/run --webhooks}) puts its section in the full run's report, and only it. */
class ReplacingASectionTest {

    private static final String SECTION = "## 11. Webhooks\n\nnew\n\n";

    @TempDir
    Path directory;

    @Test
    void replaceSection_whenTheSectionIsThere_replacesItUpToTheNextHeading() throws Exception {
        Path report = report("## 9. Joins\n\njoins\n\n## 11. Webhooks\n\nold\n\n### Drain\n\nold too\n\n"
                + "## Reading these numbers\n\nreading\n");

        PerformanceReport.replaceSection(report, "11", SECTION);

        assertThat(Files.readString(report)).isEqualTo("## 9. Joins\n\njoins\n\n## 11. Webhooks\n\nnew\n\n"
                + "## Reading these numbers\n\nreading\n");
    }

    @Test
    void replaceSection_whenItIsNot_goesBeforeTheFirstSectionAfterIt() throws Exception {
        Path report = report("## 9. Joins\n\njoins\n\n## 12. Later\n\nlater\n\n## Reading these numbers\n\nreading\n");

        PerformanceReport.replaceSection(report, "11", SECTION);

        assertThat(Files.readString(report)).isEqualTo("## 9. Joins\n\njoins\n\n## 11. Webhooks\n\nnew\n\n"
                + "## 12. Later\n\nlater\n\n## Reading these numbers\n\nreading\n");
    }

    @Test
    void replaceSection_whenNoSectionComesAfterIt_goesBeforeReadingTheseNumbers() throws Exception {
        Path report = report("## 1. Load\n\nload\n\n## 9. Joins\n\njoins\n\n## Reading these numbers\n\nreading\n");

        PerformanceReport.replaceSection(report, "11", SECTION);

        assertThat(Files.readString(report)).isEqualTo("## 1. Load\n\nload\n\n## 9. Joins\n\njoins\n\n"
                + "## 11. Webhooks\n\nnew\n\n## Reading these numbers\n\nreading\n");
    }

    private Path report(String text) throws Exception {
        Path report = directory.resolve("performance.md");
        Files.writeString(report, text);
        return report;
    }
}
