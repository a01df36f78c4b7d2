package dev.enclave.app.edge.problem;

import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.edge.observability.RequestIds;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import java.util.List;
import java.util.function.Function;

/** The one place business rejections become HTTP: a problem document with the rejection's stable type. */
public final class Rejections {

    private Rejections() {
    }

    /** A use case's outcome as an answer: {@code done}'s response, or the refusal's problem. */
    public static <T> HttpResponse<?> answer(HttpRequest<?> request, Outcome<T> outcome,
                                             Function<? super T, ? extends HttpResponse<?>> done) {
        return outcome.fold(done, refusal -> toResponse(request, refusal));
    }

    public static MutableHttpResponse<Problem> toResponse(HttpRequest<?> request, Refusal rejection) {
        return toResponse(request, rejection, null);
    }

    /** A rejection with the fields that caused it. */
    public static MutableHttpResponse<Problem> toResponse(HttpRequest<?> request, Refusal rejection,
                                                          List<Problem.Violation> errors) {
        ProblemType type = ProblemMapping.type(rejection.reason());
        Problem problem = Problem.of(type, rejection.detail(), request.getPath(), RequestIds.of(request), errors);
        return HttpResponse.<Problem>status(ProblemMapping.status(type)).body(problem)
                .contentType(MediaType.of(Problem.MEDIA_TYPE));
    }
}
