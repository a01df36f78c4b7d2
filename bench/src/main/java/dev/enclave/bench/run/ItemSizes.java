package dev.enclave.bench.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.sandbox.gateway.ItemSize;
import java.util.Base64;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size in bytes and the capacity units it is billed, by DynamoDB's rules ("DynamoDB item sizes and
 * formats", Amazon DynamoDB Developer Guide, {@code CapacityUnitCalculations}), on items as the SDK reads them: the
 * sandbox gateway's {@link ItemSize} (local-aws) prices them, the one implementation of those rules, which charges
 * transactions by them and is checked against DynamoDB Local at every 1 KB boundary; here the SDK's values are only
 * written in the wire format it reads.
 */
final class ItemSizes {

    /** A write unit covers 1 KB of item, rounded up per item, at least one. */
    static final long WRITE_UNIT_BYTES = 1024;
    /** A strongly consistent read unit covers 4 KB, a Query's items summed before rounding up. */
    static final long READ_UNIT_BYTES = 4096;
    /** A transaction writes each item twice, to prepare and to commit. */
    static final int TRANSACTIONAL = 2;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private ItemSizes() {
    }

    /** The item's size in bytes. */
    static long of(Map<String, AttributeValue> item) {
        return ItemSize.of(wire(item));
    }

    /** Write units of an item of {@code bytes} written in a transaction: 2 per KB, rounded up. */
    static long transactionalWriteUnits(long bytes) {
        return TRANSACTIONAL * Math.max(1, (bytes + WRITE_UNIT_BYTES - 1) / WRITE_UNIT_BYTES);
    }

    /** Read units of a strongly consistent Query that read {@code bytes} of items: 1 per 4 KB, rounded up. */
    static long consistentQueryReadUnits(long bytes) {
        return Math.max(1, (bytes + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES);
    }

    private static ObjectNode wire(Map<String, AttributeValue> item) {
        ObjectNode node = JSON.objectNode();
        item.forEach((name, value) -> node.set(name, wire(value)));
        return node;
    }

    private static ObjectNode wire(AttributeValue value) {
        ObjectNode typed = JSON.objectNode();
        switch (value.type()) {
            case S -> typed.put("S", value.s());
            case N -> typed.put("N", value.n());
            case B -> typed.put("B", Base64.getEncoder().encodeToString(value.b().asByteArray()));
            case BOOL -> typed.put("BOOL", value.bool());
            case NUL -> typed.put("NULL", true);
            case SS -> value.ss().forEach(typed.putArray("SS")::add);
            case NS -> value.ns().forEach(typed.putArray("NS")::add);
            case BS -> {
                ArrayNode set = typed.putArray("BS");
                value.bs().forEach(bytes -> set.add(Base64.getEncoder().encodeToString(bytes.asByteArray())));
            }
            case L -> {
                ArrayNode list = typed.putArray("L");
                value.l().forEach(element -> list.add(wire(element)));
            }
            case M -> typed.set("M", wire(value.m()));
            default -> throw new IllegalArgumentException("an attribute value of unknown type: " + value);
        }
        return typed;
    }
}
