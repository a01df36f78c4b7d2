package dev.enclave.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The run's work directory: logs are kept, the databases and data directories are deleted at the end. */
final class WorkDirectory {

    private WorkDirectory() {
    }

    /**
     * Deletes the data under {@code work}, and the data directories (and invitees' token files) of the cells that
     * have a directory there.
     */
    static void deleteData(Path work) throws IOException {
        try (Stream<Path> cells = Files.list(work)) {
            for (Path cell : cells.filter(Files::isDirectory).filter(p -> Files.isDirectory(p.resolve("data")))
                    .toList()) {
                delete(cell.resolve("data"));
                try (Stream<Path> entries = Files.list(cell)) {
                    for (Path invitees : entries.filter(p -> p.getFileName().toString().startsWith("invitees-"))
                            .toList()) {
                        delete(invitees);
                    }
                }
            }
        }
        try (Stream<Path> entries = Files.list(work)) {
            for (Path entry : entries.filter(p -> p.getFileName().toString().startsWith("data")
                    || p.getFileName().toString().startsWith("startup-")
                    || p.getFileName().toString().startsWith("invitees-")).toList()) {
                delete(entry);
            }
        }
    }

    private static void delete(Path path) throws IOException {
        try (Stream<Path> tree = Files.walk(path)) {
            tree.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
