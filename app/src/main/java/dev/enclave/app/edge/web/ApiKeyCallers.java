package dev.enclave.app.edge.web;

import dev.enclave.app.domain.apikey.AuthenticatingApiKey;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.observability.RequestEventContext;
import dev.enclave.app.infra.limits.PresentedKeys;
import dev.enclave.app.infra.limits.RequestBudgets;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

/**
 * A backend calling with an API key, the bare key in {@code Authorization}: the key is authenticated, the request
 * notes it as the key's, and the request budgets are told what it proved. A key that works spends its own budget
 * from then on; one that no longer does (revoked, expired, its creator gone) spends its address's small budget again
 * at once, not for the rest of the hour it was last seen working.
 */
@Singleton
public record ApiKeyCallers(AuthenticatingApiKey keys, PresentedKeys presented, RequestBudgets budgets) {

    /** The key and its organisation, or why not. */
    public Outcome<AuthenticatingApiKey.Authenticated> authenticate(HttpRequest<?> request,
                                                                    @Nullable String authorization) {
        Outcome<AuthenticatingApiKey.Authenticated> outcome = keys.authenticate(
                new AuthenticatingApiKey.Present(authorization));
        presented.named(authorization).ifPresent(key -> {
            if (outcome instanceof Outcome.Done<AuthenticatingApiKey.Authenticated>) {
                budgets.keyProven(key);
            } else if (outcome instanceof Outcome.Refused<AuthenticatingApiKey.Authenticated> refused
                    && refused.refusal().reason() == Reason.INVALID_API_KEY) {
                budgets.keyLapsed(key);
            }
        });
        if (outcome instanceof Outcome.Done<AuthenticatingApiKey.Authenticated> done) {
            RequestEventContext.actingKey(request, done.value().key().id().value());
        }
        return outcome;
    }
}
