package dev.enclave.app.infra.store;

import java.util.Collection;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What an expression's placeholders are bound to, {@code #name} to an attribute and {@code :value} to a value, with
 * each kind of value written one way wherever an expression is built ({@link Expr}, {@link Expr.UpdateBuilder}).
 *
 * @param <S> what binding answers, to bind more
 */
public interface Placeholders<S extends Placeholders<S>> {

    S name(String placeholder, String attribute);

    S value(String placeholder, AttributeValue value);

    default S value(String placeholder, String value) {
        return value(placeholder, AttributeValue.fromS(value));
    }

    default S number(String placeholder, long value) {
        return value(placeholder, AttributeValue.fromN(Long.toString(value)));
    }

    /** A string set of {@code values}, sorted (for {@code ADD} and {@code DELETE} on a set). */
    default S strings(String placeholder, Collection<String> values) {
        return value(placeholder, AttributeValue.fromSs(values.stream().sorted().toList()));
    }
}
