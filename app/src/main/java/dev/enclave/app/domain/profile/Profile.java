package dev.enclave.app.domain.profile;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a person's profile says: any of its {@link ProfileField}s, each valid by its rule (a profile cannot be built
 * with an invalid value). Where a value comes from (the identity provider's claims, or the person's own edit) is
 * the business of {@link UserProfile}.
 */
public record Profile(Map<ProfileField, String> fields) {

    /** The profile that says nothing. */
    public static final Profile NONE = new Profile(Map.of());

    public Profile {
        Objects.requireNonNull(fields, "fields");
        EnumMap<ProfileField, String> copy = new EnumMap<>(ProfileField.class);
        fields.forEach((field, value) -> {
            if (!field.admits(Objects.requireNonNull(value, field.wire()))) {
                throw new IllegalArgumentException(field.wire() + " must be " + field.rule());
            }
            copy.put(field, value);
        });
        fields = Collections.unmodifiableMap(copy);
    }

    /**
     * The valid values of {@code values} (as an identity provider's claims carry them): a value that breaks its
     * field's rule is left out rather than refused, so a provider's odd claim never makes a token unusable.
     */
    public static Profile admissible(Map<ProfileField, String> values) {
        EnumMap<ProfileField, String> kept = new EnumMap<>(ProfileField.class);
        values.forEach((field, value) -> {
            if (value != null && field.admits(value)) {
                kept.put(field, value);
            }
        });
        return new Profile(kept);
    }

    public Optional<String> get(ProfileField field) {
        return Optional.ofNullable(fields.get(field));
    }

    /** This profile with {@code over}'s values in their fields: {@code over} wins where it says something. */
    public Profile overlaidBy(Profile over) {
        EnumMap<ProfileField, String> merged = new EnumMap<>(ProfileField.class);
        merged.putAll(fields);
        merged.putAll(over.fields);
        return new Profile(merged);
    }

    /** Whether every value {@code other} has is this profile's value too (this one may say more). */
    public boolean agreesWith(Profile other) {
        return other.fields.entrySet().stream().allMatch(entry -> entry.getValue().equals(fields.get(entry.getKey())));
    }

    /** This profile with {@code field} set to {@code value}, or cleared when it is empty. */
    public Profile with(ProfileField field, Optional<String> value) {
        EnumMap<ProfileField, String> changed = new EnumMap<>(ProfileField.class);
        changed.putAll(fields);
        value.ifPresentOrElse(v -> changed.put(field, v), () -> changed.remove(field));
        return new Profile(changed);
    }
}
