package dev.enclave.app.domain.outcome;

import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a conditional write expects of the stored item: that it exists in any version ({@code If-Match: *}) or is
 * one of the listed tags (an empty list never matches). A tag names the item's life as well as its version: a
 * member removed and added again, a service or custom group deleted and created again, start again at version 1,
 * and a tag read from the former life must not match the new one. An organisation's own tags name no life (its
 * incarnation, checked where the tag is read, is its life).
 *
 * @param tags the accepted tags; empty with {@code any}
 * @param any  whether any existing version is accepted
 */
public record ExpectedVersion(Set<Tag> tags, boolean any) {

    /** The life of an item that names none of its own (an organisation: its incarnation is its life). */
    public static final String NO_LIFE = "";
    /**
     * The regular expression every other life matches: a member's life is when it joined, a custom group's when it
     * was created (both exact to the nanosecond, as stored), a service's its generation.
     */
    public static final String LIFE_REGEX = "[a-z0-9]{1,40}";

    private static final Pattern LIFE = Pattern.compile(LIFE_REGEX);
    private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000L);

    public ExpectedVersion {
        tags = Set.copyOf(tags);
    }

    /** One accepted tag: the item's life ({@link #NO_LIFE} for an organisation's own) and its version. */
    public record Tag(String life, long version) {
    }

    public static ExpectedVersion anyExisting() {
        return new ExpectedVersion(Set.of(), true);
    }

    /** Any of {@code versions} of an item that names no life of its own (an organisation). */
    public static ExpectedVersion oneOf(Set<Long> versions) {
        return new ExpectedVersion(versions.stream().map(v -> new Tag(NO_LIFE, v)).collect(Collectors.toSet()),
                false);
    }

    /** Any of {@code tags}. */
    public static ExpectedVersion oneOfTags(Set<Tag> tags) {
        return new ExpectedVersion(tags, false);
    }

    /** {@code version} of the item in {@code life}: what an item read so is expected to still be. */
    public static ExpectedVersion exactly(String life, long version) {
        return oneOfTags(Set.of(new Tag(life, version)));
    }

    /** The accepted versions of an item that names no life of its own. */
    public Set<Long> versions() {
        return tags.stream().filter(tag -> tag.life().equals(NO_LIFE)).map(Tag::version)
                .collect(Collectors.toSet());
    }

    /** Whether an item that names no life of its own, stored at {@code version}, meets the expectation. */
    public boolean accepts(long version) {
        return accepts(NO_LIFE, version);
    }

    /** Whether an item of {@code life} stored at {@code version} meets the expectation. */
    public boolean accepts(String life, long version) {
        return any || tags.contains(new Tag(life, version));
    }

    /** The life of an item that began at {@code began}: base 36 of its epoch nanoseconds. */
    public static String lifeBegan(Instant began) {
        return BigInteger.valueOf(began.getEpochSecond()).multiply(NANOS_PER_SECOND)
                .add(BigInteger.valueOf(began.getNano())).toString(36);
    }

    /**
     * The instant {@link #lifeBegan} named, or empty when {@code life} names none: only as {@code lifeBegan} spells
     * it (a tag is compared byte for byte, and {@code "0" + life} is not the same tag).
     */
    public static Optional<Instant> lifeBeganAt(String life) {
        if (!LIFE.matcher(life).matches()) {
            return Optional.empty();
        }
        BigInteger[] secondsAndNanos = new BigInteger(life, 36).divideAndRemainder(NANOS_PER_SECOND);
        try {
            return Optional.of(Instant.ofEpochSecond(secondsAndNanos[0].longValueExact(),
                    secondsAndNanos[1].longValueExact())).filter(began -> lifeBegan(began).equals(life));
        } catch (ArithmeticException | DateTimeException outOfRange) {
            return Optional.empty();
        }
    }

    /** The life of a service of {@code generation} (a random UUID, or empty for the first): its hex digits. */
    public static String lifeOfGeneration(String generation) {
        return generation.isEmpty() ? "0" : generation.replace("-", "").toLowerCase(Locale.ROOT);
    }
}
