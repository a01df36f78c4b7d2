package dev.enclave.app.edge.problem;

import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.edge.observability.RequestIds;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import java.util.List;
import java.util.function.Function;

/** The one place business refusals become HTTP: a problem document with the refusal's stable type. */
public final class Rejections {

    private Rejections() {
    }

    /** A use case's outcome as an answer: {@code done}'s response, or the refusal's problem. */
    public static <T> HttpResponse<?> answer(HttpRequest<?> request, Outcome<T> outcome,
                                             Function<? super T, ? extends HttpResponse<?>> done) {
        return outcome.fold(done, refusal -> toResponse(request, refusal));
    }

    /** A change that answers no body: 204, or the refusal's problem. */
    public static HttpResponse<?> orNoContent(HttpRequest<?> request, Outcome<?> outcome) {
        return answer(request, outcome, done -> HttpResponse.noContent());
    }

    public static MutableHttpResponse<Problem> toResponse(HttpRequest<?> request, Refusal refusal) {
        return toResponse(request, refusal, null);
    }

    /** A refusal with the fields that caused it. */
    public static MutableHttpResponse<Problem> toResponse(HttpRequest<?> request, Refusal refusal,
                                                          List<Problem.Violation> errors) {
        ProblemType type = ProblemMapping.type(refusal.reason());
        List<Problem.Violation> named = errors != null ? errors : refusal.invalid()
                .map(invalid -> List.of(new Problem.Violation(invalid.field(), invalid.rule()))).orElse(null);
        Problem problem = Problem.of(type, refusal.detail(), request.getPath(), RequestIds.of(request), named);
        return HttpResponse.<Problem>status(ProblemMapping.status(type)).body(problem)
                .contentType(MediaType.of(Problem.MEDIA_TYPE));
    }

    /** The edge's own refusal of a value sent in {@code field} that breaks {@code rule}. */
    public static MutableHttpResponse<Problem> invalid(HttpRequest<?> request, String field, String rule) {
        return toResponse(request, Refusal.invalid(field, rule));
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
}
