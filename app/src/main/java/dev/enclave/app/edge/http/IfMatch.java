package dev.enclave.app.edge.http;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.identity.Incarnation;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code If-Match} as RFC 9110 §13.1.1 says: {@code *} matches any current representation; otherwise a
 * comma-separated list of entity tags, compared strongly, so weak tags ({@code W/"v3"}) and tags Enclave never
 * issued match nothing. At most {@value #MAX_TAGS} tags are read.
 */
public final class IfMatch {

    static final int MAX_TAGS = 20;
    private static final Pattern TAG = Pattern.compile("\\s*(W/)?\"([^\"]*)\"\\s*");
    private static final Pattern OUR_TAG = Pattern.compile("([a-z0-9]{1,16})(?:\\.(" + ExpectedVersion.LIFE_REGEX + "))?\\.v(0|[1-9]\\d{0,17})");

    private IfMatch() {
    }

    /**
     * The tags a write expects, or empty when there is no {@code If-Match} (the write needs one); a tag of another
     * incarnation of the organisation than {@code current} matches nothing, and one of another life of the item
     * than the one stored matches nothing where the write compares them.
     */
    public static Optional<ExpectedVersion> expected(String header, Incarnation current) {
        if (header == null) {
            return Optional.empty();
        }
        if (header.trim().equals("*")) {
            return Optional.of(ExpectedVersion.anyExisting());
        }
        Set<ExpectedVersion.Tag> accepted = new LinkedHashSet<>();
        String[] tags = header.split(",", MAX_TAGS + 1);
        for (int i = 0; i < Math.min(tags.length, MAX_TAGS); i++) {
            Matcher tag = TAG.matcher(tags[i]);
            if (tag.matches() && tag.group(1) == null) {
                Matcher ours = OUR_TAG.matcher(tag.group(2));
                if (ours.matches() && ours.group(1).equals(current.value())) {
                    accepted.add(new ExpectedVersion.Tag(ours.group(2) == null ? ExpectedVersion.NO_LIFE : ours.group(2),
                            Long.parseLong(ours.group(3))));
                }
            }
        }
        return Optional.of(ExpectedVersion.oneOfTags(accepted));
    }
}
