package dev.enclave.app.edge.input;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.enclave.app.domain.text.TextRule;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Text a person reads (names): {@link TextRule} — in NFC, no control or format characters, no lone surrogates,
 * not blank (unless {@link #emptyAllowed()} and empty), at most {@link #max()} code points. {@code null} is valid
 * (pair with {@code @NotNull}).
 */
@Retention(RUNTIME)
@Target({FIELD, METHOD, PARAMETER, TYPE_USE})
@Constraint(validatedBy = {})
public @interface Text {

    /** The most code points. */
    int max();

    /** Whether the empty string is valid too: for text that may be cleared (a description). */
    boolean emptyAllowed() default false;

    String message() default "must be 1-{max} characters of text in NFC, without control characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
