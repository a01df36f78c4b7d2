package dev.enclave.app.platform;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a conditional write expects of the stored version: that the item exists in any version ({@code If-Match: *})
 * or in one of the listed versions (an empty list never matches).
 *
 * @param versions the accepted versions; empty with {@code any}
 * @param any      whether any existing version is accepted
 */
public record ExpectedVersion(Set<Long> versions, boolean any) {

    private static final long NEVER = -1;

    public ExpectedVersion {
        versions = Set.copyOf(versions);
    }

    public static ExpectedVersion anyExisting() {
        return new ExpectedVersion(Set.of(), true);
    }

    public static ExpectedVersion oneOf(Set<Long> versions) {
        return new ExpectedVersion(versions, false);
    }

    /** The condition on the item's key attribute and version attribute (named by {@code versionName}). */
    public String condition(String keyName, String versionName) {
        if (any) {
            return "attribute_exists(" + keyName + ")";
        }
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < Math.max(1, versions.size()); i++) {
            in.append(i == 0 ? "" : ", ").append(":expected").append(i);
        }
        return "attribute_exists(" + keyName + ") AND " + versionName + " IN (" + in + ")";
    }

    /** The values {@link #condition} names. */
    public Map<String, AttributeValue> values() {
        Map<String, AttributeValue> values = new java.util.HashMap<>();
        if (!any) {
            int i = 0;
            for (long version : versions.isEmpty() ? Set.of(NEVER) : new TreeSet<>(versions)) {
                values.put(":expected" + i++, AttributeValue.fromN(Long.toString(version)));
            }
        }
        return values;
    }
}
