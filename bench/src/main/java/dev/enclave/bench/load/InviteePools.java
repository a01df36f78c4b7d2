package dev.enclave.bench.load;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The invitees of the write mix: every accepted invitation needs a user who is not yet a member of that tenant,
 * with a token carrying the invited email. One tenant takes fresh invitees on every run; a run over N > 1 tenants
 * reuses its tenant count's invitees, shifted by one tenant per run ({@code write.lua} sends invitee k to tenant
 * (k + shift) mod N), which never repeats an (invitee, tenant) pair while runs < N. Tokens are minted as runs need
 * them and appended to one file the script reads.
 */
public final class InviteePools {

    /** The slice a run may use: {@code write.lua}'s offset, count and shift. */
    public record Slice(long offset, long count, int shift) {
    }

    private final Path file;
    private final BiFunction<String, String, String> mint;
    private final Map<Integer, Slice> reused = new HashMap<>();
    private final Map<Integer, Integer> runs = new HashMap<>();
    private long minted;

    /** @param mint (subject, email) → token */
    public InviteePools(Path file, BiFunction<String, String, String> mint) {
        this.file = file;
        this.mint = mint;
    }

    public Path file() {
        return file;
    }

    /** A slice of {@code count} invitees for a run over {@code tenants} tenants. */
    public synchronized Slice allocate(int tenants, long count) {
        int run = runs.merge(tenants, 1, Integer::sum) - 1;
        if (tenants == 1) {
            return new Slice(mintUpTo(minted + count) - count, count, 0);
        }
        if (run >= tenants) {
            throw new IllegalStateException("more write runs over " + tenants + " tenants than tenants");
        }
        Slice region = reused.get(tenants);
        if (region == null || region.count() < count) {
            region = new Slice(mintUpTo(minted + count) - count, count, 0);
            reused.put(tenants, region);
        }
        return new Slice(region.offset(), count, run);
    }

    private long mintUpTo(long total) {
        List<Long> indexes = java.util.stream.LongStream.range(minted, total).boxed().toList();
        List<String> lines = indexes.parallelStream().map(this::line).toList();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND)) {
            for (String line : lines) {
                out.write(line);
                out.newLine();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        minted = total;
        return total;
    }

    private String line(long index) {
        String user = String.format(Locale.ROOT, "invitee-%07d", index);
        String email = user + "@bench.example";
        return email + " " + mint.apply(user, email);
    }
}
