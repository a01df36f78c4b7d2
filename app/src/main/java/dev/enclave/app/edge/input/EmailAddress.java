package dev.enclave.app.edge.input;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * An email address by {@link dev.enclave.identity.Email}'s rule: NFC, no spaces or controls, a domain valid in IDNA.
 * {@code null} is valid (pair with {@code @NotNull}).
 */
@Retention(RUNTIME)
@Target({FIELD, METHOD, PARAMETER, TYPE_USE})
@Constraint(validatedBy = {})
public @interface EmailAddress {

    String message() default "must be an email address in NFC with a valid domain";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
