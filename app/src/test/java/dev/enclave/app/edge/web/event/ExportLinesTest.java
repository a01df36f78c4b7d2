package dev.enclave.app.edge.web.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ExportLinesTest {

    @Test
    void aCsvCell_isQuoted_andNeverStartsAsAFormula() {
        assertThat(ExportLines.cell("plain")).isEqualTo("\"plain\"");
        assertThat(ExportLines.cell("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(ExportLines.cell("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
        assertThat(ExportLines.cell("+1")).startsWith("\"'");
        assertThat(ExportLines.cell("-1")).startsWith("\"'");
        assertThat(ExportLines.cell("@sum")).startsWith("\"'");
        assertThat(ExportLines.cell("")).isEqualTo("\"\"");
    }

    @Test
    void metadata_isFlatBoundedAndText() {
        assertThat(AppEventMetadata.wrong(Map.of("amount", 12.5, "paid", true, "note", "ok"), 50)).isEmpty();
        assertThat(AppEventMetadata.wrong(Map.of("nested", Map.of("a", 1)), 50)).isPresent();
        assertThat(AppEventMetadata.wrong(Map.of("bell", "\u0007"), 50)).isPresent();
        assertThat(AppEventMetadata.wrong(Map.of("=key", "x"), 50)).isPresent();
        assertThat(AppEventMetadata.wrong(Map.of("a", 1, "b", 2), 1)).isPresent();
        assertThat(AppEventMetadata.wrong(Map.of("nan", Double.NaN), 50)).isPresent();
    }
}
