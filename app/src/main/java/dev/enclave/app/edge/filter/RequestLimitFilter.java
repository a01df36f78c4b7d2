package dev.enclave.app.edge.filter;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.auth.CallerBinder;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.infra.limits.Charge;
import dev.enclave.app.infra.limits.LimitSettings;
import dev.enclave.app.infra.limits.PresentedKeys;
import dev.enclave.app.infra.limits.RequestBudgets;
import dev.enclave.identity.TenantId;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Filter;
import io.micronaut.http.filter.HttpServerFilter;
import io.micronaut.http.filter.ServerFilterChain;
import io.micronaut.http.filter.ServerFilterPhase;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * Holds every signed-in request to its budget before any work is done for it (right after the token is checked, before
 * the body is read, before any read of DynamoDB):
 * over the rate or the requests in progress, it answers 429 {@code too-many-requests} with {@code Retry-After};
 * every answer carries the IETF {@code RateLimit-Policy} and {@code RateLimit} fields of the budget it counted
 * against. Unauthenticated requests are refused before this by the token check, so they spend no one's budget.
 */
@Filter("/v1/**")
@Requires(property = "enclave.limits.enabled", notEquals = "false")
final class RequestLimitFilter implements HttpServerFilter {

    private static final String BACKEND_PATHS = "/v1/backend/";
    /** An organisation's log, which its API keys read and write too. */
    private static final Pattern LOG_PATHS = Pattern.compile("/v1/orgs/[^/]+/(events|audit-log)(/[^/]*)?");
    private static final Pattern ORGANISATION_PATH = Pattern.compile("/v1/orgs/([^/]+)(?:/.*)?");

    private final RequestBudgets budgets;
    private final CallerBinder callers;
    private final PresentedKeys keys;
    private final LimitSettings settings;

    RequestLimitFilter(RequestBudgets budgets, CallerBinder callers, PresentedKeys keys, LimitSettings settings) {
        this.budgets = budgets;
        this.callers = callers;
        this.keys = keys;
        this.settings = settings;
    }

    @Override
    public Publisher<MutableHttpResponse<?>> doFilter(HttpRequest<?> request, ServerFilterChain chain) {
        Optional<RequestBudgets.Admission> admitted = admission(request);
        if (admitted.isEmpty()) {
            return chain.proceed(request);
        }
        RequestBudgets.Admission admission = admitted.get();
        Charge charge = admission.charge();
        if (!charge.allowed()) {
            MutableHttpResponse<?> refused = Rejections.toResponse(request,
                    Reason.TOO_MANY_REQUESTS, detail(charge))
                    .header("Retry-After", Long.toString(RateLimitFields.seconds(charge.retryAfter())));
            return Publishers.just(RateLimitFields.addTo(refused, charge));
        }
        return Flux.from(chain.proceed(request))
                .<MutableHttpResponse<?>>map(response -> RateLimitFields.addTo(response, charge))
                .doFinally(signal -> admission.release());
    }

    /**
     * A signed-in caller's request; or one to the backend paths or an organisation's log, by the API key its {@code Authorization} names once
     * that key has worked (the organisation and key id parsed from it, so one key has one budget however the header
     * spells it; the key itself is checked later) or, for a key not seen working and a header that is no API key at
     * all, by the address it came from. Nothing for the rest,
     * which the token check refuses before any work is done.
     */
    private Optional<RequestBudgets.Admission> admission(HttpRequest<?> request) {
        Optional<Caller> caller = callers.callerOf(request);
        if (caller.isPresent()) {
            return Optional.of(budgets.admit(organisation(request.getPath()),
                    caller.get().userKey()));
        }
        if (!request.getPath().startsWith(BACKEND_PATHS) && !LOG_PATHS.matcher(request.getPath()).matches()) {
            return Optional.empty();
        }
        Optional<PresentedKeys.PresentedKey> key = keys.named(request.getHeaders().getAuthorization().orElse(null));
        String address = ClientAddress.of(request, settings.getTrustedProxies());
        return Optional.of(key.map(named -> budgets.admitKey(named, address))
                .orElseGet(() -> budgets.admitUnreadable(address)));
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.after();
    }

    private static Optional<TenantId> organisation(String path) {
        Matcher matcher = ORGANISATION_PATH.matcher(path);
        if (!matcher.matches() || !TenantId.PATTERN.matcher(matcher.group(1)).matches()) {
            return Optional.empty();
        }
        return Optional.of(TenantId.of(matcher.group(1)));
    }

    private static String detail(Charge charge) {
        String whose = switch (charge.policy()) {
            case RequestBudgets.TENANT_POLICY -> "This organisation";
            case RequestBudgets.API_KEY_POLICY -> "This API key";
            case RequestBudgets.UNREADABLE_POLICY -> "Your address, sending no API key,";
            case RequestBudgets.UNPROVEN_POLICY -> "Your address, sending API keys that have not worked yet,";
            case RequestBudgets.UNKNOWN_POLICY -> "You, to organisations you are not a member of,";
            default -> "You";
        };
        return charge.reason() == Charge.Refusal.RATE
                ? whose + " sent more than " + charge.limit().requestsPerSecond() + " requests per second (bursts "
                        + "of " + charge.limit().burst() + "); retry after Retry-After seconds."
                : whose + " already has " + charge.limit().concurrent() + " requests in progress; retry when one "
                        + "has finished.";
    }
}
