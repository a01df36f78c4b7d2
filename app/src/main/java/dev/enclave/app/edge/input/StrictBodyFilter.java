package dev.enclave.app.edge.input;

import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.problem.Problem;
import dev.enclave.app.edge.problem.Rejections;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.web.router.RouteAttributes;
import io.micronaut.web.router.RouteInfo;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Every route that binds a body reads it strictly, before access checks or bean validation spend anything on it:
 * {@code application/json} only, no content coding, {@link StrictJson} (one value, no duplicate keys, no null in a
 * list, bounded depth) and {@link BodyShape} (known fields, exact JSON types, bounded lists and strings). A route
 * that binds none is sent none (or an empty object): a body there is refused, not ignored while the route acts. A
 * route whose body is optional ({@code @Nullable}) takes none as none, whatever its media type says.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class StrictBodyFilter implements Ordered {

    /**
     * Runs just after authentication and the request limits (a request over its budget is refused before its body
     * is read), and before idempotency.
     */
    static final int ORDER = ServerFilterPhase.SECURITY.after() + 1;

    /** What a route that takes no body accepts as none: nothing, or an empty object, which many clients send. */
    private static final Pattern NO_BODY = Pattern.compile("\\s*(\\{\\s*})?\\s*");
    /** What a route whose body is optional takes as none. */
    private static final Pattern OPTIONAL_NONE = Pattern.compile("(null)?");

    @RequestFilter
    @Nullable
    HttpResponse<?> check(HttpRequest<?> request, @Nullable @Body byte[] bytes) {
        Optional<RouteInfo<?>> route = RouteAttributes.getRouteInfo(request);
        Optional<Argument<?>> target = route.flatMap(RouteInfo::getBodyArgument);
        if (route.isPresent() && target.isEmpty() && bytes != null
                && !utf8(bytes).filter(text -> NO_BODY.matcher(text).matches()).isPresent()) {
            return Rejections.toResponse(request, Reason.MALFORMED_BODY, "This route takes no body; send none.");
        }
        if (target.isEmpty() || target.get().getType() == String.class) {
            return null;
        }
        String encoding = request.getHeaders().get(HttpHeaders.CONTENT_ENCODING);
        if (encoding != null && !encoding.equalsIgnoreCase("identity")) {
            return Rejections.toResponse(request, Reason.UNSUPPORTED_MEDIA_TYPE,
                    "Content-Encoding " + encoding + " is not accepted; send the body uncompressed.")
                    .header(HttpHeaders.ACCEPT_ENCODING, "identity");
        }
        if (target.get().isNullable() && isNone(bytes)) {
            return null;
        }
        if (!request.getContentType().map(StrictBodyFilter::isJson).orElse(false)) {
            return Rejections.toResponse(request, Reason.UNSUPPORTED_MEDIA_TYPE, "Send the body as application/json.");
        }
        if (!request.getContentType().map(StrictBodyFilter::declaresUtf8OrNone).orElse(true)) {
            return Rejections.toResponse(request, Reason.UNSUPPORTED_MEDIA_TYPE, "Send the body as UTF-8 JSON "
                    + "(RFC 8259): application/json with no charset, or charset=utf-8.");
        }
        Optional<String> body = utf8(bytes);
        if (body.isEmpty()) {
            return Rejections.toResponse(request, Reason.MALFORMED_BODY, "The body is not well-formed UTF-8.");
        }
        Object json;
        try {
            json = StrictJson.read(body.get());
        } catch (StrictJson.Refused refused) {
            return Rejections.toResponse(request, Reason.MALFORMED_BODY, refused.getMessage());
        }
        if (!(json instanceof Map<?, ?> fields)) {
            return Rejections.toResponse(request, Reason.MALFORMED_BODY, "The body must be a JSON object.");
        }
        List<BodyShape.Mismatch> mismatches = BodyShape.check(fields, target.get());
        if (mismatches.isEmpty()) {
            return null;
        }
        return Rejections.toResponse(request, Reason.VALIDATION_FAILED,
                "One or more fields are invalid; see errors.", mismatches.stream()
                .map(m -> new Problem.Violation(m.field(), m.message())).toList());
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    /**
     * The body decoded as strict UTF-8: one malformed sequence (an overlong form, a lone surrogate, a stray byte)
     * and it is none, since the JSON reader that binds it decodes such bytes leniently and would see other text
     * than was checked here.
     */
    private static Optional<String> utf8(@Nullable byte[] bytes) {
        if (bytes == null) {
            return Optional.of("");
        }
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException malformed) {
            return Optional.empty();
        }
    }

    /**
     * No body, or JSON's {@code null} (what generated clients send for an optional body left out): what
     * a route whose body is optional takes as none, in any media type.
     */
    private static boolean isNone(@Nullable byte[] bytes) {
        return utf8(bytes).filter(text -> OPTIONAL_NONE.matcher(text).matches()).isPresent();
    }

    /** Read as text, not as a charset: an unknown or malformed name must be refused (415), never thrown. */
    private static boolean declaresUtf8OrNone(MediaType type) {
        String charset = type.getParameters().get("charset").orElse(null);
        return charset == null || charset.equalsIgnoreCase("utf-8") || charset.equalsIgnoreCase("utf8");
    }

    private static boolean isJson(MediaType type) {
        return type.getType().equals("application") && type.getSubtype().equals("json");
    }
}
