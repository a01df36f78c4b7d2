package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items between the SDK's {@link AttributeValue} and DynamoDB's JSON wire format, which the gateway reads and
 * writes ({@code {"S":"x"}}, {@code {"N":"1"}}, {@code {"B":"<base64>"}}, sets, {@code L}, {@code M},
 * {@code BOOL}, {@code NULL}).
 */
final class AttributeJson {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private AttributeJson() {
    }

    static ObjectNode item(Map<String, AttributeValue> item) {
        ObjectNode out = JSON.objectNode();
        item.forEach((name, value) -> out.set(name, value(value)));
        return out;
    }

    /** A key in wire format as the SDK's map; keys hold only {@code S}, {@code N} and {@code B} values. */
    static Map<String, AttributeValue> key(ObjectNode key) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        key.fields().forEachRemaining(field -> out.put(field.getKey(), scalar(field.getValue())));
        return out;
    }

    private static AttributeValue scalar(JsonNode value) {
        if (value.has("S")) {
            return AttributeValue.fromS(value.get("S").asText());
        }
        if (value.has("N")) {
            return AttributeValue.fromN(value.get("N").asText());
        }
        if (value.has("B")) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(value.get("B").asText())));
        }
        throw new IllegalArgumentException("not a key value: " + value);
    }

    private static JsonNode value(AttributeValue value) {
        ObjectNode out = JSON.objectNode();
        switch (value.type()) {
            case S -> out.put("S", value.s());
            case N -> out.put("N", value.n());
            case B -> out.put("B", base64(value.b()));
            case BOOL -> out.put("BOOL", value.bool());
            case NUL -> out.put("NULL", true);
            case SS -> out.set("SS", strings(value.ss()));
            case NS -> out.set("NS", strings(value.ns()));
            case BS -> out.set("BS", strings(value.bs().stream().map(AttributeJson::base64).toList()));
            case L -> out.set("L", JSON.arrayNode().addAll(value.l().stream().map(AttributeJson::value).toList()));
            case M -> out.set("M", item(value.m()));
            default -> throw new IllegalArgumentException("unknown attribute value type: " + value);
        }
        return out;
    }

    private static ArrayNode strings(List<String> values) {
        ArrayNode out = JSON.arrayNode();
        values.forEach(out::add);
        return out;
    }

    private static String base64(SdkBytes bytes) {
        return Base64.getEncoder().encodeToString(bytes.asByteArray());
    }
}
