package dev.enclave.app.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every top-level type in the project, main and test sources of every module, has a simple name no other one has:
 * a name found in a stack trace or a search names one thing. Nested types ({@code Result.Refused}) may repeat.
 */
class TypeNamesTest {

    private static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();
    private static final List<String> NOT_TYPES = List.of("package-info.java", "module-info.java");

    @Test
    void everyTopLevelTypeName_isUniqueInTheProject() throws IOException {
        Map<String, List<String>> byName = sourceFiles().collect(Collectors.groupingBy(
                file -> file.getFileName().toString().replace(".java", ""), TreeMap::new,
                Collectors.mapping(file -> PROJECT.relativize(file).toString(), Collectors.toList())));

        assertThat(byName).as("the project's sources, every module's")
                .containsKeys("SolverAnswer", "PolicyMutantsIT", "TokenVendingIT", "TypeNamesTest", "BenchRun");
        assertThat(byName).allSatisfy((name, files) -> assertThat(files).as(name).hasSize(1));
    }

    private static Stream<Path> sourceFiles() throws IOException {
        try (Stream<Path> modules = Files.list(PROJECT)) {
            List<Path> roots = modules.flatMap(module -> Stream.of(module.resolve("src/main/java"),
                    module.resolve("src/test/java"))).filter(Files::isDirectory).toList();
            return roots.stream().flatMap(TypeNamesTest::javaFiles).toList().stream();
        }
    }

    private static Stream<Path> javaFiles(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !NOT_TYPES.contains(file.getFileName().toString())).toList().stream();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + root, e);
        }
    }
}
