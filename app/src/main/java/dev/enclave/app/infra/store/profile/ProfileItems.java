package dev.enclave.app.infra.store.profile;

import dev.enclave.app.domain.profile.Profile;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.app.domain.profile.UserProfile;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a user's profile record lives and how it maps: {@code PK = USER#<digest>#, SK = PROFILE}, in the user's own
 * partition (nothing of a tenant's). Each field the user set is an attribute named as the API names it
 * ({@code givenName}); each claim as last seen, {@code claimed<Field>} ({@code claimedGivenName}). While copies are
 * owed, the record is on the due-profiles index ({@code GSI3PK = WORK#owed#profiles#, GSI3SK = <due>#<digest>}).
 */
final class ProfileItems {

    static final String SORT_KEY = "PROFILE";
    static final String VERSION = "version";
    private static final String CLAIMED = "claimed";
    private static final String INDEX_PARTITION = TableDesign.BY_OWED_WORK.partitionKey();
    private static final String INDEX_SORT = TableDesign.BY_OWED_WORK.sortKey();

    private ProfileItems() {
    }

    static ItemKey key(UserKey user) {
        return new ItemKey(user.prefix().value(), SORT_KEY);
    }

    /** The record's item, owing its copies from {@code copiesDue}. */
    static Map<String, AttributeValue> toItem(UserProfile profile, Instant copiesDue) {
        ItemBuilder item = ItemBuilder.at(key(profile.user())).string("type", "profile")
                .number(VERSION, profile.version())
                .string(INDEX_PARTITION, TableDesign.DUE_PROFILES)
                .string(INDEX_SORT, SortableTime.format(copiesDue) + "#" + profile.user().digest());
        profile.edited().fields().forEach((field, value) -> item.string(field.wire(), value));
        profile.claimed().fields().forEach((field, value) -> item.string(claimedAttribute(field), value));
        return item.build();
    }

    /** The record an item says; a value that breaks its field's rule refuses the item. */
    static UserProfile fromItem(Map<String, AttributeValue> item) {
        String partition = ItemAttributes.string(item, TableDesign.ENCLAVE.partitionKey());
        if (!partition.startsWith(UserKey.PARTITION_PREFIX) || !partition.endsWith("#")) {
            throw new IllegalArgumentException("not a user's partition");
        }
        UserKey user = new UserKey(partition.substring(UserKey.PARTITION_PREFIX.length(), partition.length() - 1));
        Map<ProfileField, String> edited = new EnumMap<>(ProfileField.class);
        Map<ProfileField, String> claimed = new EnumMap<>(ProfileField.class);
        for (ProfileField field : ProfileField.values()) {
            ItemAttributes.optionalString(item, field.wire()).ifPresent(value -> edited.put(field, value));
            ItemAttributes.optionalString(item, claimedAttribute(field)).ifPresent(value -> claimed.put(field, value));
        }
        return new UserProfile(user, new Profile(edited), new Profile(claimed), ItemAttributes.number(item, VERSION));
    }

    /** The user whose profile record a due-profiles entry is. */
    static UserKey owner(Map<String, AttributeValue> entry) {
        String partition = ItemAttributes.string(entry, TableDesign.ENCLAVE.partitionKey());
        return new UserKey(partition.substring(UserKey.PARTITION_PREFIX.length(), partition.length() - 1));
    }

    /** The record is at {@code version} (absent, for version 0). */
    static Expr atVersion(long version) {
        return version == 0 ? Expr.absent() : Expr.of("#version = :version").name("#version", VERSION)
                .number(":version", version);
    }

    /** The update that moves the record's debt on the due-profiles index to {@code at}. */
    static Expr dueAt(UserKey user, Instant at) {
        return Expr.update().set("#due = :due").name("#due", INDEX_SORT)
                .value(":due", SortableTime.format(at) + "#" + user.digest()).build();
    }

    /** The record still owes its copies (it is on the due-profiles index). */
    static Expr stillOwed() {
        return Expr.of("attribute_exists(#owed)").name("#owed", INDEX_PARTITION);
    }

    /** The update that takes the record off the due-profiles index: its copies are done. */
    static Expr copiesDone() {
        return Expr.update().remove("#owed", "#due").name("#owed", INDEX_PARTITION).name("#due", INDEX_SORT).build();
    }

    private static String claimedAttribute(ProfileField field) {
        return CLAIMED + Character.toUpperCase(field.wire().charAt(0)) + field.wire().substring(1);
    }
}
