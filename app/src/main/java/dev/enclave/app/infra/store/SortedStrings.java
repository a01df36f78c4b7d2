package dev.enclave.app.infra.store;

import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A set of strings stored sorted, so an item maps to the same attribute every time. */
public final class SortedStrings implements AttributeConverter<Set<String>> {

    /** As a string set ({@code SS}), which update expressions can {@code ADD} to and {@code DELETE} from. */
    public static final SortedStrings AS_SET = new SortedStrings(true);
    /** As a list of strings ({@code L}). */
    public static final SortedStrings AS_LIST = new SortedStrings(false);

    private static final EnhancedType<Set<String>> TYPE = EnhancedType.setOf(String.class);

    private final boolean asSet;

    private SortedStrings(boolean asSet) {
        this.asSet = asSet;
    }

    @Override
    public AttributeValue transformFrom(Set<String> input) {
        var sorted = input.stream().sorted().toList();
        return asSet ? AttributeValue.fromSs(sorted) : AttributeValue.fromL(sorted.stream().map(AttributeValue::fromS)
                .toList());
    }

    @Override
    public Set<String> transformTo(AttributeValue input) {
        if (asSet) {
            return Set.copyOf(Objects.requireNonNull(input.hasSs() ? input.ss() : null, "not a string set"));
        }
        return Set.copyOf(Objects.requireNonNull(input.hasL() ? input.l() : null, "not a list").stream()
                .map(value -> Objects.requireNonNull(value.s(), "not a string")).toList());
    }

    @Override
    public EnhancedType<Set<String>> type() {
        return TYPE;
    }

    @Override
    public AttributeValueType attributeValueType() {
        return asSet ? AttributeValueType.SS : AttributeValueType.L;
    }
}
