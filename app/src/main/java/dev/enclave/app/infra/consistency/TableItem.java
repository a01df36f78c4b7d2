package dev.enclave.app.infra.consistency;

import dev.enclave.table.TableDesign;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One item as the table holds it, read but not yet understood. */
record TableItem(Map<String, AttributeValue> attributes) {

    private static final int PRINTED_KEY_LENGTH = 300;

    TableItem {
        attributes = Map.copyOf(attributes);
    }

    String partitionKey() {
        return string(TableDesign.ENCLAVE.partitionKey()).orElse("");
    }

    String sortKey() {
        return string(TableDesign.ENCLAVE.sortKey()).orElse("");
    }

    /** The attribute's string value, if it is a string. */
    Optional<String> string(String name) {
        return Optional.ofNullable(attributes.get(name)).map(AttributeValue::s);
    }

    /** {@code PK SK}, printable and bounded, for a report line. */
    String key() {
        return printable(partitionKey()) + " " + printable(sortKey());
    }

    private static String printable(String text) {
        String printable = text.codePoints()
                .mapToObj(c -> c > 0x20 && c < 0x7f ? Character.toString(c) : String.format("\\u%04x", c))
                .collect(Collectors.joining());
        return printable.length() > PRINTED_KEY_LENGTH ? printable.substring(0, PRINTED_KEY_LENGTH) + "..." : printable;
    }
}
