package dev.enclave.app.infra.store.profile;

import dev.enclave.app.infra.store.ItemAttributes;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** How the consistency checker reads an item of a user's own partition: the profile record, or not Enclave's. */
public final class ProfileReads {

    private ProfileReads() {
    }

    /** Why {@code item} is not a profile record as Enclave writes it; empty when it is one. */
    public static Optional<String> check(Map<String, AttributeValue> item) {
        try {
            if (!ProfileItems.SORT_KEY.equals(ItemAttributes.sortKey(item))) {
                return Optional.of("item in a user's partition that is not their profile record");
            }
            Map<String, AttributeValue> written = ProfileItems.toItem(ProfileItems.fromItem(item), Instant.EPOCH);
            return written.keySet().stream().filter(name -> !name.startsWith("GSI3"))
                    .allMatch(name -> written.get(name).equals(item.get(name))) ? Optional.empty()
                    : Optional.of("profile record that its mapping does not write back as it is");
        } catch (RuntimeException refused) {
            return Optional.of("profile record that its mapping refuses");
        }
    }
}
