package dev.enclave.app.edge.web.event;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyPermission;
import dev.enclave.app.domain.apikey.AuthenticatingApiKey;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.ApiKeyCallers;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.function.Function;

/**
 * Who may use an organisation's log: its owners and admins (a bearer token), or the organisation's own API key with
 * the permission the route needs (presented as the backend routes take it, the bare key in {@code Authorization}).
 */
@Singleton
record EventReaders(RequestAccess access, ApiKeyCallers callers, AuthenticatingApiKey keys) {

    /** The organisation's log, in its life as read now. */
    record Log(TenantId organisation, Incarnation incarnation) {
    }

    HttpResponse<?> whenAllowed(HttpRequest<?> request, @Nullable Caller caller, @Nullable String authorization,
                                String organisation, ApiKeyPermission needed,
                                Function<Log, HttpResponse<?>> action) {
        if (caller != null) {
            return access.whenGranted(request, caller, organisation, needed.asPermission(), granted -> action.apply(
                    new Log(granted.tenant(), granted.organisation().incarnation())));
        }
        return Rejections.answer(request, callers.authenticate(request, authorization),
                granted -> refusal(granted.key(), organisation, needed)
                        .<HttpResponse<?>>map(refused -> Rejections.toResponse(request, refused))
                        .orElseGet(() -> action.apply(new Log(granted.key().tenant(),
                                granted.organisation().incarnation()))));
    }

    /** Why {@code key} may not read {@code organisation}'s log for {@code needed}, if it may not. */
    private static Optional<Refusal> refusal(ApiKey key, String organisation, ApiKeyPermission needed) {
        if (!key.tenant().value().equals(organisation)) {
            return Optional.of(new Refusal(Reason.TENANT_MISMATCH, "The API key is another organisation's."));
        }
        if (!key.may(needed)) {
            return Optional.of(new Refusal(Reason.MISSING_ROLE,
                    "The API key does not have the " + needed.wire() + " permission."));
        }
        return Optional.empty();
    }

    /**
     * Whether whoever {@link #whenAllowed} let read {@code log} may still read it: the member's standing or the key
     * read afresh, in the same life of the organisation. A read that outlasts one page (an export) asks before each
     * further page, so a member removed, an admin demoted or a key revoked meanwhile reads no more.
     */
    boolean stillAllowed(@Nullable Caller caller, @Nullable String authorization, ApiKeyPermission needed, Log log) {
        if (caller != null) {
            return access.stillGranted(caller, log.organisation(), needed.asPermission(), log.incarnation());
        }
        return keys.authenticate(new AuthenticatingApiKey.Present(authorization)).fold(
                granted -> refusal(granted.key(), log.organisation().value(), needed).isEmpty()
                        && granted.organisation().incarnation().equals(log.incarnation()),
                refused -> false);
    }
}
