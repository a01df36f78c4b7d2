package dev.enclave.app.domain.apikey;

import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;

/** An admin revokes one of the organisation's API keys: it gets no credentials from then on. */
@Singleton
public record RevokingApiKey(ApiKeys keys) {

    /** The key named {@code keyId}, as the request spells it, of the organisation in its life {@code in}. */
    public record Revoke(TenantId tenant, Incarnation in, String keyId) {
    }

    public Outcome<Void> revoke(Revoke command) {
        return ApiKeyId.isValid(command.keyId()) && keys.revoke(command.tenant(), command.in(),
                new ApiKeyId(command.keyId()))
                ? Outcome.done()
                : Outcome.refused(Reason.API_KEY_NOT_FOUND, "No API key of that id in this organisation.");
    }
}
