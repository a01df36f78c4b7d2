package dev.enclave.app.edge.problem;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/**
 * An RFC 9457 problem document, with Enclave's stable {@code code} and the request id as extensions.
 *
 * @param errors the individual violations of a {@code validation-failed} problem
 */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Problem(String type, String title, int status, @Nullable String detail, @Nullable String instance,
                      String code, @Nullable String requestId, @Nullable List<Violation> errors) {

    /** Media type of problem documents. */
    public static final String MEDIA_TYPE = "application/problem+json";

    /** One invalid part of a request. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Violation(@Nullable String field, String message) {
    }

    public static Problem of(ProblemType type, @Nullable String detail, @Nullable String instance,
                             @Nullable String requestId, @Nullable List<Violation> errors) {
        return new Problem(type.uri().toString(), type.title(), ProblemMapping.status(type).getCode(), detail, instance,
                type.code(), requestId, errors);
    }
}
