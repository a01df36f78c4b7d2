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
        Optional<BeanIntrospection<Object>> introspection = BeanIntrospector.SHARED.findIntrospection(
                (Class<Object>) target.getType());
        if (introspection.isEmpty()) {
            return List.of();
        }
        List<Mismatch> mismatches = new ArrayList<>();
        for (Map.Entry<?, ?> field : fields.entrySet()) {
            String name = String.valueOf(field.getKey());
            Optional<BeanProperty<Object, Object>> property = introspection.get().getProperty(name);
            if (property.isEmpty()) {
                mismatches.add(new Mismatch(name, "is not a field of this request"));
            } else if (field.getValue() != null) {
                mismatch(property.get(), field.getValue()).ifPresent(m -> mismatches.add(new Mismatch(name, m)));
            }
            if (mismatches.size() >= MAX_REPORTED) {
                break;
            }
        }
        return mismatches;
    }

    private static Optional<String> mismatch(BeanProperty<Object, Object> property, Object value) {
        Class<?> type = property.getType();
        if (CharSequence.class.isAssignableFrom(type)) {
            return string(value, maxLength(property.getAnnotationMetadata()));
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return value instanceof Integer || value instanceof Long || value instanceof BigInteger
                    ? Optional.empty() : Optional.of("must be a whole number");
        }
        if (type == Boolean.class || type == boolean.class) {
            return value instanceof Boolean ? Optional.empty() : Optional.of("must be true or false");
        }
        if (Collection.class.isAssignableFrom(type)) {
            return list(property, value);
        }
        return Optional.empty();
    }

    private static Optional<String> list(BeanProperty<Object, Object> property, Object value) {
        if (!(value instanceof List<?> items)) {
            return Optional.of("must be a list");
        }
        int max = property.getAnnotationMetadata().intValue(Size.class, "max").orElse(100);
        if (items.size() > max) {
            return Optional.of("must have at most " + max + " entries");
        }
        Argument<?>[] parameters = property.asArgument().getTypeParameters();
        boolean ofStrings = parameters.length == 1 && CharSequence.class.isAssignableFrom(parameters[0].getType());
        for (Object item : items) {
            Optional<String> wrong = ofStrings ? string(item, maxLength(parameters[0].getAnnotationMetadata()))
                    : Optional.empty();
            if (wrong.isPresent()) {
                return Optional.of("entries " + wrong.get().replace("must be", "must each be"));
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
