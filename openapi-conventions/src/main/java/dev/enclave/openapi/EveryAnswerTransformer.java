package dev.enclave.openapi;

import io.micronaut.core.annotation.AnnotationValue;
import io.micronaut.core.annotation.AnnotationValueBuilder;
import io.micronaut.inject.annotation.TypedAnnotationTransformer;
import io.micronaut.inject.visitor.VisitorContext;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * Gives each {@code @ApiResponse} what {@link EveryAnswer} says every answer shares, when app compiles (Micronaut's
 * annotation transformer SPI, listed in {@code META-INF/services}; micronaut-openapi reads the result): the
 * {@code X-Request-Id} header, first, unless the answer names it itself; and to each error answer (4xx, 5xx) that
 * names no content, the {@code application/problem+json} Problem body. The answer's retention is kept, so
 * micronaut-openapi's own transformer (source retention) applies before or after this one alike; a transformed answer
 * transforms to itself.
 */
public final class EveryAnswerTransformer implements TypedAnnotationTransformer<ApiResponse> {

    @Override
    public Class<ApiResponse> annotationType() {
        return ApiResponse.class;
    }

    @Override
    public List<AnnotationValue<?>> transform(AnnotationValue<ApiResponse> answer, VisitorContext context) {
        AnnotationValueBuilder<ApiResponse> shared = AnnotationValue.builder(answer);
        List<AnnotationValue<Header>> headers = new ArrayList<>(answer.getAnnotations("headers", Header.class));
        if (headers.stream().noneMatch(EveryAnswerTransformer::namesRequestId)) {
            headers.add(0, requestIdHeader());
            shared.member("headers", headers.toArray(new AnnotationValue<?>[0]));
        }
        if (isError(answer) && answer.getAnnotations("content", Content.class).isEmpty()) {
            shared.member("content", new AnnotationValue<?>[] {problemContent()});
        }
        return List.of(shared.build());
    }

    private static boolean namesRequestId(AnnotationValue<Header> header) {
        return header.stringValue("name").filter(EveryAnswer.REQUEST_ID_HEADER::equalsIgnoreCase).isPresent();
    }

    private static boolean isError(AnnotationValue<ApiResponse> answer) {
        String status = answer.stringValue("responseCode").orElse("");
        return status.startsWith("4") || status.startsWith("5");
    }

    static AnnotationValue<Header> requestIdHeader() {
        return header(EveryAnswer.REQUEST_ID_HEADER, EveryAnswer.REQUEST_ID);
    }

    static AnnotationValue<Header> header(String name, String description) {
        return AnnotationValue.builder(Header.class)
                .member("name", name)
                .member("description", description)
                .member("schema", AnnotationValue.builder(Schema.class).member("type", "string").build())
                .build();
    }

    private static AnnotationValue<Content> problemContent() {
        AnnotationValue<Schema> problem = AnnotationValue.builder(Schema.class)
                .member("ref", EveryAnswer.PROBLEM_SCHEMA)
                .build();
        return AnnotationValue.builder(Content.class)
                .member("mediaType", EveryAnswer.PROBLEM_MEDIA_TYPE)
                .member("schema", problem)
                .build();
    }
}
