package dev.enclave.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.LongStream;

/**
 * The invitees of the write mix: every accepted invitation needs a user who is not yet a member of that tenant,
 * with a token carrying the invited email. One tenant takes fresh invitees on every run. A run over N > 1 tenants
 * reuses its tenant count's invitees with a new shift ({@code write.lua} sends invitee k to tenant
 * (k + shift) mod N): shifts advance by a step coprime to N and at least the slice's length, so successive runs
 * sweep the tenants and no (invitee, tenant) pair repeats while runs < N. Tokens are minted as runs need them;
 * each run gets a small file of its own slice.
 */
public final class InviteePools {

    /** A run's invitees: the slice file, the index of its first invitee, and the shift. */
    public record Slice(Path file, long first, long count, long shift) {
    }

    private record Region(long first, long count, long step) {
    }

    private final Path directory;
    private final BiFunction<String, String, String> mint;
    private final List<String> lines = new ArrayList<>();
    private final Map<Integer, Region> regions = new HashMap<>();
    private final Map<Integer, Integer> runs = new HashMap<>();
    private int files;

    /** @param mint (subject, email) → token */
    public InviteePools(Path directory, BiFunction<String, String, String> mint) {
        this.directory = directory;
        this.mint = mint;
    }

    /** A slice of {@code count} invitees for a run over {@code tenants} tenants. */
    public synchronized Slice allocate(int tenants, long count) {
        int run = runs.merge(tenants, 1, Integer::sum) - 1;
        if (tenants == 1) {
            return slice(mint(count), count, 0);
        }
        if (run >= tenants) {
            throw new IllegalStateException("more write runs over " + tenants + " tenants than tenants");
        }
        Region region = regions.get(tenants);
        if (region == null || region.count() < count) {
            region = new Region(mint(count), count, coprimeStep(count, tenants));
            regions.put(tenants, region);
        }
        return slice(region.first(), count, run * region.step() % tenants);
    }

    private Slice slice(long first, long count, long shift) {
        Path file = directory.resolve("invitees-" + files++ + ".txt");
        try {
            Files.write(file, lines.subList((int) first, (int) (first + count)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Slice(file, first, count, shift);
    }

    /** Mints {@code count} more invitees; the index of the first. */
    private long mint(long count) {
        long first = lines.size();
        lines.addAll(LongStream.range(first, first + count).parallel().mapToObj(this::line).toList());
        return first;
    }

    private String line(long index) {
        String user = String.format(Locale.ROOT, "invitee-%07d", index);
        String email = user + "@bench.example";
        return email + " " + mint.apply(user, email);
    }

    private static long coprimeStep(long atLeast, int tenants) {
        long step = Math.max(1, atLeast);
        while (!BigInteger.valueOf(step).gcd(BigInteger.valueOf(tenants)).equals(BigInteger.ONE)) {
            step++;
        }
        return step;
    }
}
