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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Query parameters are read as strictly as bodies: each at most once (a repeated one was joined with commas, and
 * {@code actor=u&actor=u} looked for the actor {@code u,u}), and a number in ASCII digits (the JDK reads other
 * scripts' digits too, so a full-width {@code ３} was a limit of 3).
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class StrictQueryFilter implements Ordered {

    private static final Set<Class<?>> WHOLE_NUMBERS = Set.of(Integer.class, int.class, Long.class, long.class);
    private static final Pattern DIGITS = Pattern.compile("[+-]?[0-9]{1,18}");

    @RequestFilter
    @Nullable
    HttpResponse<?> check(HttpRequest<?> request) {
        for (Map.Entry<String, List<String>> parameter : request.getParameters().asMap().entrySet()) {
            if (parameter.getValue().size() > 1) {
                return Rejections.toResponse(request, Reason.BAD_REQUEST, "The query parameter "
                        + parameter.getKey() + " is given " + parameter.getValue().size() + " times; give it once.");
            }
            if (wholeNumber(request, parameter.getKey())
                    && !DIGITS.matcher(parameter.getValue().get(0)).matches()) {
                return Rejections.toResponse(request, Reason.BAD_REQUEST, "The query parameter "
                        + parameter.getKey() + " is a whole number in ASCII digits.");
            }
        }
        return null;
    }

    /** Whether the route binds the query parameter {@code name} to a whole number. */
    private static boolean wholeNumber(HttpRequest<?> request, String name) {
        Optional<MethodBasedRouteMatch<?, ?>> match = RouteAttributes.getRouteMatch(request)
                .filter(MethodBasedRouteMatch.class::isInstance).map(found -> (MethodBasedRouteMatch<?, ?>) found);
        if (match.isEmpty()) {
            return false;
        }
        for (Argument<?> argument : match.get().getArguments()) {
            boolean named = argument.getAnnotationMetadata().stringValue(QueryValue.class)
                    .filter(value -> !value.isEmpty()).orElse(argument.getName()).equals(name);
            if (argument.getAnnotationMetadata().hasAnnotation(QueryValue.class) && named) {
                return WHOLE_NUMBERS.contains(argument.getType());
            }
        }
        return false;
    }

    @Override
    public int getOrder() {
        return StrictBodyFilter.ORDER;
    }
}
