package dev.enclave.openapi;

import io.micronaut.core.annotation.AnnotationClassValue;
import io.micronaut.core.annotation.AnnotationValue;
import io.micronaut.inject.annotation.TypedAnnotationTransformer;
import io.micronaut.inject.visitor.VisitorContext;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a {@link JsonAnswer} into the {@code @ApiResponse} it stands for, when app compiles, with the
 * {@code X-Request-Id} header {@link EveryAnswerTransformer} gives every answer.
 */
public final class JsonAnswerTransformer implements TypedAnnotationTransformer<JsonAnswer> {

    /** {@link JsonAnswer#status()}'s default, which the processor does not give a transformer. */
    private static final String DEFAULT_STATUS = "200";

    @Override
    public Class<JsonAnswer> annotationType() {
        return JsonAnswer.class;
    }

    @Override
    public List<AnnotationValue<?>> transform(AnnotationValue<JsonAnswer> answer, VisitorContext context) {
        List<AnnotationValue<Header>> headers = new ArrayList<>(List.of(EveryAnswerTransformer.requestIdHeader()));
        if (answer.isTrue("etag")) {
            headers.add(EveryAnswerTransformer.header("ETag", EveryAnswer.ETAG));
        }
        if (answer.isTrue("location")) {
            headers.add(EveryAnswerTransformer.header("Location", EveryAnswer.LOCATION));
        }
        if (answer.isTrue("replayable")) {
            headers.add(EveryAnswerTransformer.header("Idempotent-Replayed", EveryAnswer.IDEMPOTENT_REPLAYED));
        }
        AnnotationClassValue<?> body = answer.annotationClassValue("body")
                .orElseThrow(() -> new IllegalStateException("@JsonAnswer names no body"));
        AnnotationValue<Content> content = AnnotationValue.builder(Content.class)
                .member("mediaType", "application/json")
                .member("schema", AnnotationValue.builder(Schema.class).member("implementation", body).build())
                .build();
        return List.of(AnnotationValue.<ApiResponse>builder(ApiResponse.class.getName(), answer.getRetentionPolicy())
                .member("responseCode", answer.stringValue("status").orElse(DEFAULT_STATUS))
                .member("description", answer.stringValue("description").orElse(""))
                .member("headers", headers.toArray(new AnnotationValue<?>[0]))
                .member("content", new AnnotationValue<?>[] {content})
                .build());
    }
}
