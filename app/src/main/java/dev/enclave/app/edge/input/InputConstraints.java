package dev.enclave.app.edge.input;

import dev.enclave.app.domain.text.TextRule;
import dev.enclave.identity.Email;
import io.micronaut.context.annotation.Factory;
import io.micronaut.validation.validator.constraints.ConstraintValidator;
import jakarta.inject.Singleton;

/** The validators of Enclave's own constraints. */
@Factory
final class InputConstraints {

    @Singleton
    ConstraintValidator<EmailAddress, CharSequence> emailAddress() {
        return (value, annotation, context) -> value == null || Email.parse(value.toString()).isPresent();
    }

    @Singleton
    ConstraintValidator<Text, CharSequence> text() {
        return (value, annotation, context) -> value == null
                || value.length() == 0 && annotation.isTrue("emptyAllowed")
                || TextRule.admits(value, annotation.intValue("max").orElse(200));
    }
}
