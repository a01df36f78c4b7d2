package dev.enclave.app.problem;

import dev.enclave.app.observability.RequestIds;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import java.util.List;

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
        Problem problem = Problem.of(rejection.type(), rejection.detail(), request.getPath(), RequestIds.of(request),
                errors);
        return HttpResponse.<Problem>status(rejection.type().status()).body(problem)
                .contentType(MediaType.of(Problem.MEDIA_TYPE));
    }
}
