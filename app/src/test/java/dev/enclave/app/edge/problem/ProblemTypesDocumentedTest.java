package dev.enclave.app.edge.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** docs/api.md's table of problem codes lists every code Enclave answers, under the status it answers it with. */
class ProblemTypesDocumentedTest {

    private static final Path DOCUMENT = Path.of("../docs/api.md");
    private static final Pattern ROW = Pattern.compile("^\\| ([0-9, ]+) \\| (.+) \\|$", Pattern.MULTILINE);
    private static final Pattern CODE = Pattern.compile("^`([a-z-]+)`");

    @Test
    void everyCode_isInTheRowOfItsStatus_andNoOtherCodeIsListed() throws IOException {
        Map<String, Set<Integer>> documented = documented(Files.readString(DOCUMENT));

        for (ProblemType type : ProblemType.values()) {
            assertThat(documented).as("docs/api.md lists " + type.code()).containsKey(type.code());
            assertThat(documented.get(type.code())).as(type.code() + "'s status")
                    .contains(ProblemMapping.status(type).getCode());
        }
        assertThat(documented.keySet()).containsExactlyInAnyOrderElementsOf(Arrays.stream(ProblemType.values())
                .map(ProblemType::code).collect(Collectors.toSet()));
    }

    /** Each code of the table, with the statuses of its row. */
    private static Map<String, Set<Integer>> documented(String document) {
        Map<String, Set<Integer>> codes = new HashMap<>();
        Matcher row = ROW.matcher(document);
        while (row.find()) {
            Set<Integer> statuses = Arrays.stream(row.group(1).split(",")).map(String::trim).map(Integer::valueOf)
                    .collect(Collectors.toSet());
            for (String entry : row.group(2).split(", (?=`)")) {
                Matcher code = CODE.matcher(entry.trim());
                if (code.find()) {
                    codes.put(code.group(1), statuses);
                }
            }
        }
        return codes;
    }
}
