package dev.enclave.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole machine's CPU, from Linux's {@code /proc/stat} (jiffies since boot, every process) and
 * {@code /proc/loadavg}: read at the start and end of a phase, two readings give the share of the cores that was busy
 * over it. Elsewhere than Linux every figure is NaN.
 */
record MachineLoad(long busyJiffies, long idleJiffies, long stealJiffies, double loadAverage) {

    private static final Path STAT = Path.of("/proc/stat");
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    static MachineLoad read() {
        try {
            String[] cpu = Files.readAllLines(STAT).get(0).trim().split("\\s+");
            long idle = Long.parseLong(cpu[4]) + Long.parseLong(cpu[5]);
            long total = 0;
            for (int i = 1; i < Math.min(cpu.length, 9); i++) {
                total += Long.parseLong(cpu[i]);
            }
            long steal = cpu.length > 8 ? Long.parseLong(cpu[8]) : 0;
            double load = Double.parseDouble(Files.readString(LOADAVG).trim().split("\\s+")[0]);
            return new MachineLoad(total - idle, idle, steal, load);
        } catch (IOException | RuntimeException notLinux) {
            return new MachineLoad(-1, -1, -1, Double.NaN);
        }
    }

    /** Percent of the cores' time that was busy (stolen time included) between {@code start} and this reading. */
    double busyPercentSince(MachineLoad start) {
        long busy = busyJiffies - start.busyJiffies;
        long idle = idleJiffies - start.idleJiffies;
        return start.busyJiffies < 0 || busy + idle <= 0 ? Double.NaN : 100.0 * busy / (busy + idle);
    }

    /** Percent of the cores' time the hypervisor gave to others between {@code start} and this reading. */
    double stealPercentSince(MachineLoad start) {
        long total = busyJiffies - start.busyJiffies + idleJiffies - start.idleJiffies;
        return start.busyJiffies < 0 || total <= 0 ? Double.NaN : 100.0 * (stealJiffies - start.stealJiffies) / total;
    }
}
