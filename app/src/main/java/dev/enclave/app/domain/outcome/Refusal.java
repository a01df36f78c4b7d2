package dev.enclave.app.domain.outcome;

import java.util.Objects;
import java.util.Optional;

/**
 * A business refusal: why a use case said no, as a value the edge maps to a problem response in one place.
 *
 * @param reason  the stable reason, one problem type each
 * @param detail  what exactly was refused, safe to show the caller
 * @param invalid for a value the caller sent that breaks a rule: which field, and the rule
 */
public record Refusal(Reason reason, String detail, Optional<Invalid> invalid) {

    public Refusal {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(invalid, "invalid");
    }

    public Refusal(Reason reason, String detail) {
        this(reason, detail, Optional.empty());
    }

    /** The field a value was sent in, named as the request names it ({@code metadata}, {@code types}), and its rule. */
    public record Invalid(String field, String rule) {
    }

    /** A value sent in {@code field} that breaks {@code rule} ("must be 1 to 100"): 400 {@code validation-failed}. */
    public static Refusal invalid(String field, String rule) {
        return new Refusal(Reason.VALIDATION_FAILED, field + ": " + rule + ".", Optional.of(new Invalid(field, rule)));
    }
}
