package dev.enclave.app.edge.filter;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.auth.CallerBinder;
import dev.enclave.app.edge.problem.Rejections;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;

/**
 * The platform routes take a platform admin's token bound to no tenant: a token its identity provider bound to one
 * tenant (the tenant claim) was not meant to act on every tenant, so it is refused (403 {@code tenant-mismatch}),
 * as a bound token is on another tenant's routes. Runs after security, which has refused everyone else already.
 */
@ServerFilter("/v1/admin/**")
final class BoundAdminTokenFilter implements Ordered {

    private final CallerBinder callers;

    BoundAdminTokenFilter(CallerBinder callers) {
        this.callers = callers;
    }

    @RequestFilter
    @Nullable
    HttpResponse<?> refuseBound(HttpRequest<?> request) {
        return callers.callerOf(request).flatMap(Caller::tenant).<HttpResponse<?>>map(bound -> Rejections.toResponse(
                request, Reason.TENANT_MISMATCH, "Your token is bound to tenant " + bound.value()
                        + "; the platform routes take a platform admin's token bound to none.")).orElse(null);
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.after() + 1;
    }
}
