package dev.enclave.app.edge.input;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a request body as strict JSON before anything binds it: one value and nothing after it, no duplicate keys,
 * at most {@link #MAX_DEPTH} levels, {@link #MAX_FIELDS} fields per object, {@link #MAX_ENTRIES} entries per list and
 * {@link #MAX_STRING} characters per string (parsing stops at the first excess, so a megabyte of them costs no more
 * than the bound), no {@code null} inside a
 * list. Objects become {@link Map}s, arrays {@link
 * List}s, numbers {@link Number}s (an integer stays a {@link java.math.BigInteger} or {@link Long}), so a later
 * check sees exactly which JSON type was sent.
 */
final class StrictJson {

    static final int MAX_DEPTH = 8;
    /** No request record has this many fields: parsing stops here instead of reading a megabyte of them. */
    static final int MAX_FIELDS = 64;
    /** Above every list bound of every request record (those are reported exactly); parsing stops here. */
    static final int MAX_ENTRIES = 1000;
    /** Above every string bound of every request record (those are reported exactly); reading stops here. */
    static final int MAX_STRING = 16_384;
    private static final String NOT_HELD = "A decimal number in the body has more precision than it would be kept "
            + "with (15 significant digits are kept exactly below 1e16), or is beyond a double's range.";
    /** Above every number a request record holds; reading stops here. */
    static final int MAX_NUMBER = 40;
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES).disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH + 1)
                    .maxNumberLength(MAX_NUMBER).maxStringLength(MAX_STRING).build())
            .build();

    private StrictJson() {
    }

    /** Why the text is not one strict JSON value. */
    static final class Refused extends Exception {
        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    /** The value; {@link Refused} with the reason when the text is not strict JSON. */
    static Object read(String text) throws Refused {
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new Refused("The body is empty; send a JSON object.");
            }
            Object value = value(parser, first, 0);
            if (parser.nextToken() != null) {
                throw new Refused("The body has content after its JSON value.");
            }
            return value;
        } catch (JsonProcessingException malformed) {
            throw new Refused(reason(malformed));
        } catch (IOException unreadable) {
            throw new Refused("The body is not JSON.");
        }
    }

    private static Object value(JsonParser parser, JsonToken token, int depth) throws IOException, Refused {
        if (depth > MAX_DEPTH) {
            throw new Refused("The body nests deeper than " + MAX_DEPTH + " levels.");
        }
        return switch (token) {
            case START_OBJECT -> object(parser, depth);
            case START_ARRAY -> array(parser, depth);
            case VALUE_STRING -> parser.getText();
            case VALUE_NUMBER_INT -> parser.getNumberValue();
            case VALUE_NUMBER_FLOAT -> heldExactly(decimal(parser));
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new Refused("The body is not JSON.");
        };
    }

    /** The decimal as written; an exponent past any number's range is refused, not thrown as a fault. */
    private static BigDecimal decimal(JsonParser parser) throws IOException, Refused {
        try {
            return parser.getDecimalValue();
        } catch (NumberFormatException beyondRange) {
            throw new Refused(NOT_HELD);
        }
    }

    /**
     * {@code sent}, when the request's records hold it as sent: they bind a decimal as a double, so one with more
     * precision than a double keeps (more than about 15 significant digits), or beyond its range, would be changed
     * silently (1e-400 to 0).
     */
    private static BigDecimal heldExactly(BigDecimal sent) throws Refused {
        double held = sent.doubleValue();
        if (Double.isInfinite(held) || new BigDecimal(Double.toString(held)).compareTo(sent) != 0) {
            throw new Refused(NOT_HELD);
        }
        return sent;
    }

    private static Map<String, Object> object(JsonParser parser, int depth) throws IOException, Refused {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
            if (fields.size() == MAX_FIELDS) {
                throw new Refused("An object has more than " + MAX_FIELDS + " fields.");
            }
            String name = parser.currentName();
            fields.put(name, value(parser, parser.nextToken(), depth + 1));
        }
        return fields;
    }

    private static List<Object> array(JsonParser parser, int depth) throws IOException, Refused {
        List<Object> items = new ArrayList<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            if (items.size() == MAX_ENTRIES) {
                throw new Refused("A list has more than " + MAX_ENTRIES + " entries.");
            }
            Object item = value(parser, token, depth + 1);
            if (item == null) {
                throw new Refused("A list holds null; leave the entry out.");
            }
            items.add(item);
        }
        return items;
    }

    private static String reason(JsonProcessingException malformed) {
        String message = Optional.ofNullable(malformed.getOriginalMessage()).orElse("");
        if (message.startsWith("Duplicate field")) {
            return "The body names a field more than once.";
        }
        if (message.startsWith("String value length")) {
            return "A string in the body is longer than " + MAX_STRING + " characters.";
        }
        if (message.contains("nesting depth")) {
            return "The body nests deeper than " + MAX_DEPTH + " levels.";
        }
        if (message.startsWith("Number value length")) {
            return "A number in the body is longer than " + MAX_NUMBER + " characters.";
        }
        return Optional.ofNullable(malformed.getLocation()).map(at -> "The body is not valid JSON (line "
                + at.getLineNr() + ", column " + at.getColumnNr() + ").").orElse("The body is not valid JSON.");
    }
}
