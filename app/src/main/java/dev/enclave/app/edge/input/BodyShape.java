package dev.enclave.app.edge.input;


import io.micronaut.core.annotation.AnnotationMetadata;
import io.micronaut.core.beans.BeanIntrospection;
import io.micronaut.core.beans.BeanIntrospector;
import io.micronaut.core.beans.BeanProperty;
import io.micronaut.core.type.Argument;
import jakarta.validation.constraints.Size;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks strict JSON against the request record it will bind to, before binding: every field is one of the
 * record's, of exactly its JSON type (a string is a string, an integer an integer with no fraction, a list a list of
 * strings), and no list or string is longer than its bound. Values that pass are bound without coercion;
 * finer rules (patterns, ranges) stay with bean validation, which now only ever sees bounded input.
 */
final class BodyShape {

    /** At most this many problems are reported per request. */
    static final int MAX_REPORTED = 10;
    private static final int DEFAULT_MAX_STRING = 4096;

    private BodyShape() {
    }

    /** A field and what is wrong with it. */
    record Mismatch(String field, String message) {
    }

    static List<Mismatch> check(Map<?, ?> fields, Argument<?> target) {
        List<Mismatch> mismatches = new ArrayList<>();
        check(fields, target.getType(), "", mismatches);
        return mismatches.size() > MAX_REPORTED ? mismatches.subList(0, MAX_REPORTED) : mismatches;
    }

    /**
     * Adds what is wrong with {@code fields} as a {@code type} (its fields named after {@code path}); a type with no
     * introspection, such as a map of free-form metadata, is left to bean validation.
     */
    private static void check(Map<?, ?> fields, Class<?> type, String path, List<Mismatch> mismatches) {
        Optional<BeanIntrospection<Object>> introspection = BeanIntrospector.SHARED.findIntrospection(
                (Class<Object>) type);
        if (introspection.isEmpty()) {
            return;
        }
        for (Map.Entry<?, ?> field : fields.entrySet()) {
            if (mismatches.size() >= MAX_REPORTED) {
                return;
            }
            String name = path + field.getKey();
            Optional<BeanProperty<Object, Object>> property = introspection.get().getProperty(
                    String.valueOf(field.getKey()));
            if (property.isEmpty()) {
                mismatches.add(new Mismatch(name, "is not a field of this request"));
            } else if (field.getValue() != null) {
                mismatch(property.get(), name, field.getValue(), mismatches);
            }
        }
    }

    private static void mismatch(BeanProperty<Object, Object> property, String name, Object value,
                                 List<Mismatch> mismatches) {
        Class<?> type = property.getType();
        Optional<String> wrong = Optional.empty();
        if (CharSequence.class.isAssignableFrom(type)) {
            wrong = string(value, maxLength(property.getAnnotationMetadata()));
        } else if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            wrong = value instanceof Integer || value instanceof Long || value instanceof BigInteger
                    ? Optional.empty() : Optional.of("must be a whole number");
        } else if (type == Boolean.class || type == boolean.class) {
            wrong = value instanceof Boolean ? Optional.empty() : Optional.of("must be true or false");
        } else if (Collection.class.isAssignableFrom(type)) {
            wrong = list(property, name, value, mismatches);
        } else if (!Map.class.isAssignableFrom(type) && type.isRecord()) {
            wrong = object(value, type, name + ".", mismatches);
        }
        wrong.ifPresent(message -> mismatches.add(new Mismatch(name, message)));
    }

    /** What is wrong with {@code value} as a nested record of {@code type}, its own fields' mismatches added. */
    private static Optional<String> object(Object value, Class<?> type, String path, List<Mismatch> mismatches) {
        if (!(value instanceof Map<?, ?> fields)) {
            return Optional.of("must be an object");
        }
        check(fields, type, path, mismatches);
        return Optional.empty();
    }

    private static Optional<String> list(BeanProperty<Object, Object> property, String name, Object value,
                                         List<Mismatch> mismatches) {
        if (!(value instanceof List<?> items)) {
            return Optional.of("must be a list");
        }
        int max = property.getAnnotationMetadata().intValue(Size.class, "max").orElse(100);
        if (items.size() > max) {
            return Optional.of("must have at most " + max + " entries");
        }
        Argument<?>[] parameters = property.asArgument().getTypeParameters();
        Class<?> entry = parameters.length == 1 ? parameters[0].getType() : Object.class;
        boolean ofStrings = CharSequence.class.isAssignableFrom(entry);
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            if (ofStrings) {
                Optional<String> wrong = string(item, maxLength(parameters[0].getAnnotationMetadata()));
                if (wrong.isPresent()) {
                    return Optional.of("entries " + wrong.get().replace("must be", "must each be"));
                }
            } else if (entry.isRecord() && item != null) {
                Optional<String> wrong = object(item, entry, name + "[" + i + "].", mismatches);
                if (wrong.isPresent()) {
                    return Optional.of("entries must each be an object");
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> string(Object value, int maxLength) {
        if (!(value instanceof String text)) {
            return Optional.of("must be a string");
        }
        return text.length() > 2 * maxLength ? Optional.of("must be at most " + maxLength + " characters")
                : Optional.empty();
    }

    private static int maxLength(AnnotationMetadata metadata) {
        return metadata.intValue(Size.class, "max")
                .orElse(metadata.intValue(Text.class, "max").orElse(DEFAULT_MAX_STRING));
    }
}
