package dev.enclave.bench.chaos;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the server's background jobs went, from its log (every start appends to it): jobs started, started again with
 * work already done (taken over after a kill or let go after faults, resuming from their checkpoint), finished, lost
 * (superseded by a later rename, or their organisation gone) and let go after failed pages.
 */
record JobLog(long started, long resumed, long finished, long lost, long letGo) {

    private static final Pattern STARTED = Pattern.compile("job started tenant=\\S+ kind=\\S+ pass=(\\d+) "
            + "processed=(\\d+)");

    static JobLog read(Path serverLog) throws IOException {
        List<String> lines = Files.readAllLines(serverLog);
        long started = 0;
        long resumed = 0;
        for (String line : lines) {
            Matcher start = STARTED.matcher(line);
            if (start.find()) {
                started++;
                resumed += Integer.parseInt(start.group(1)) > 1 || Long.parseLong(start.group(2)) > 0 ? 1 : 0;
            }
        }
        return new JobLog(started, resumed, count(lines, "job finished tenant="), count(lines, "job lost tenant="),
                count(lines, "job let go after"));
    }

    private static long count(List<String> lines, String text) {
        return lines.stream().filter(line -> line.contains(text)).count();
    }
}
