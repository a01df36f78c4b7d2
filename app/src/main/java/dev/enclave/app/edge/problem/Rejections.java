package dev.enclave.app.edge.problem;

import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.outcome.Rejection;
import dev.enclave.app.edge.observability.RequestIds;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import java.util.List;
import java.util.Optional;

/** The one place business rejections become HTTP: a problem document with the rejection's stable type. */
public final class Rejections {

    private Rejections() {
    }

    public static MutableHttpResponse<Problem> toResponse(HttpRequest<?> request, Rejection rejection) {
        return toResponse(request, rejection, null);
    }

    /** A rejection with the fields that caused it. */
    public static MutableHttpResponse<Problem> toResponse(HttpRequest<?> request, Rejection rejection,
                                                          List<Problem.Violation> errors) {
        ProblemType type = ProblemMapping.type(rejection.reason());
        Problem problem = Problem.of(type, rejection.detail(), request.getPath(), RequestIds.of(request), errors);
        return HttpResponse.<Problem>status(ProblemMapping.status(type)).body(problem)
                .contentType(MediaType.of(Problem.MEDIA_TYPE));
    }

    /** The edge's own refusal for {@code reason}, {@code detail} telling the caller why. */
    public static MutableHttpResponse<Problem> toResponse(HttpRequest<?> request, Reason reason, String detail) {
        return toResponse(request, new Refusal(reason, detail));
    }

    /** The edge's own refusal for {@code reason}, with the fields that caused it. */
    public static MutableHttpResponse<Problem> toResponse(HttpRequest<?> request, Reason reason, String detail,
                                                          List<Problem.Violation> errors) {
        return toResponse(request, new Refusal(reason, detail), errors);
    }

    /** How a change that answers no body ends: its rejection as a problem when it was rejected, else 204. */
    public static HttpResponse<?> orNoContent(HttpRequest<?> request, Optional<? extends Rejection> rejection) {
        return rejection.<HttpResponse<?>>map(refused -> toResponse(request, refused))
                .orElseGet(HttpResponse::noContent);
    }
}
