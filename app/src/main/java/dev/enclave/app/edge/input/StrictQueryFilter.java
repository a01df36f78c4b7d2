package dev.enclave.app.edge.input;

import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.problem.Rejections;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.web.router.MethodBasedRouteMatch;
import io.micronaut.web.router.RouteAttributes;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Query parameters are read as strictly as bodies: only those the route takes (an unknown one was ignored, so
 * {@code /events?cursor=…}, which takes {@code after}, silently read from the start), each at most once (a repeated
 * one was joined with commas, and {@code actor=u&actor=u} looked for the actor {@code u,u}), and a number in ASCII
 * digits (the JDK reads other scripts' digits too, so a full-width {@code ３} was a limit of 3).
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class StrictQueryFilter implements Ordered {

    private static final Set<Class<?>> WHOLE_NUMBERS = Set.of(Integer.class, int.class, Long.class, long.class);
    private static final Pattern DIGITS = Pattern.compile("[+-]?[0-9]{1,18}");
    /** The API's own routes; the operational ones (health, the document, the local run's) are not held to this. */
    private static final String API = "/v1/";

    @RequestFilter
    @Nullable
    HttpResponse<?> check(HttpRequest<?> request) {
        Optional<MethodBasedRouteMatch<?, ?>> route = RouteAttributes.getRouteMatch(request)
                .filter(MethodBasedRouteMatch.class::isInstance).map(found -> (MethodBasedRouteMatch<?, ?>) found);
        for (Map.Entry<String, List<String>> parameter : request.getParameters().asMap().entrySet()) {
            String name = parameter.getKey();
            Optional<Argument<?>> bound = route.flatMap(match -> bound(match, name));
            if (route.isPresent() && bound.isEmpty() && request.getPath().startsWith(API)) {
                return Rejections.toResponse(request, Reason.BAD_REQUEST, "This route takes no query parameter "
                        + name + (taken(route.get()).isEmpty() ? "." : "; it takes " + taken(route.get()) + "."));
            }
            if (parameter.getValue().size() > 1) {
                return Rejections.toResponse(request, Reason.BAD_REQUEST, "The query parameter " + name + " is given "
                        + parameter.getValue().size() + " times; give it once.");
            }
            if (bound.filter(argument -> WHOLE_NUMBERS.contains(argument.getType())).isPresent()
                    && !DIGITS.matcher(parameter.getValue().get(0)).matches()) {
                return Rejections.toResponse(request, Reason.BAD_REQUEST, "The query parameter " + name
                        + " is a whole number in ASCII digits.");
            }
        }
        return null;
    }

    /** The argument the route binds the query parameter {@code name} to, if any. */
    private static Optional<Argument<?>> bound(MethodBasedRouteMatch<?, ?> route, String name) {
        for (Argument<?> argument : route.getArguments()) {
            if (argument.getAnnotationMetadata().hasAnnotation(QueryValue.class) && queryName(argument).equals(name)) {
                return Optional.of(argument);
            }
        }
        return Optional.empty();
    }

    private static String queryName(Argument<?> argument) {
        return argument.getAnnotationMetadata().stringValue(QueryValue.class).filter(value -> !value.isEmpty())
                .orElse(argument.getName());
    }

    /** The query parameters the route takes, for the refusal's detail. */
    private static String taken(MethodBasedRouteMatch<?, ?> route) {
        return Arrays.stream(route.getArguments()).filter(argument -> argument.getAnnotationMetadata()
                .hasAnnotation(QueryValue.class)).map(StrictQueryFilter::queryName).sorted()
                .collect(Collectors.joining(", "));
    }

    /**
     * With the strict body, after authentication and the request limits and before idempotency; a malformed query
     * may be refused before the bound-token check of the admin paths, which shares this order: neither reveals
     * anything the other would not.
     */
    @Override
    public int getOrder() {
        return StrictBodyFilter.ORDER;
    }
}
