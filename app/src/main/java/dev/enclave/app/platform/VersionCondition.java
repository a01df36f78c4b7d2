package dev.enclave.app.platform;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An {@link ExpectedVersion} as a DynamoDB condition expression and the values it names. */
public final class VersionCondition {

    /** A version no item ever has: an empty list of expected versions matches nothing. */
    private static final long NEVER = -1;

    private VersionCondition() {
    }

    /** The condition on the item's key attribute and version attribute (named by {@code versionName}). */
    public static String expression(ExpectedVersion expected, String keyName, String versionName) {
        if (expected.any()) {
            return "attribute_exists(" + keyName + ")";
        }
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < Math.max(1, expected.versions().size()); i++) {
            in.append(i == 0 ? "" : ", ").append(":expected").append(i);
        }
        return "attribute_exists(" + keyName + ") AND " + versionName + " IN (" + in + ")";
    }

    /** The values {@link #expression} names. */
    public static Map<String, AttributeValue> values(ExpectedVersion expected) {
        Map<String, AttributeValue> values = new HashMap<>();
        if (!expected.any()) {
            int i = 0;
            for (long version : expected.versions().isEmpty() ? Set.of(NEVER) : new TreeSet<>(expected.versions())) {
                values.put(":expected" + i++, AttributeValue.fromN(Long.toString(version)));
            }
        }
        return values;
    }
}
