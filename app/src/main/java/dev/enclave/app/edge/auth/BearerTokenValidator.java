package dev.enclave.app.edge.auth;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.token.jwt.validator.ReactiveJsonWebTokenValidator;
import io.micronaut.security.token.validator.TokenValidator;
import jakarta.inject.Singleton;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one validator of bearer tokens (it replaces Micronaut's JWT validator): a token seen before answers from
 * {@link ValidatedTokens}; a new one is checked by {@link TokenVerifier}. A refused token is no authentication
 * (401), logged with its reason; a token whose key cannot be had fails with
 * {@link IdentityProviderUnavailableException} (503 with Retry-After).
 */
@Singleton
@Replaces(ReactiveJsonWebTokenValidator.class)
final class BearerTokenValidator implements TokenValidator<HttpRequest<?>> {

    private static final Logger LOG = LoggerFactory.getLogger("enclave.auth");
    private static final int MAX_LOGGED = 200;

    private final TokenVerifier verifier;
    private final ValidatedTokens validated;

    BearerTokenValidator(TokenVerifier verifier, ValidatedTokens validated) {
        this.verifier = verifier;
        this.validated = validated;
    }

    @Override
    public Publisher<Authentication> validateToken(String token, HttpRequest<?> request) {
        Optional<Authentication> known = validated.find(token);
        if (known.isPresent()) {
            return Publishers.just(known.get());
        }
        CompletableFuture<Authentication> authentication = new CompletableFuture<>();
        verifier.verify(token).whenComplete((outcome, failure) -> {
            if (failure != null) {
                authentication.completeExceptionally(failure);
            } else {
                settle(outcome, token, request, authentication);
            }
        });
        return Publishers.fromCompletableFuture(authentication);
    }

    /** A reason may quote the token's header (alg, kid): at most 200 characters, nothing that is not printable. */
    static String printable(String text) {
        String bounded = text.length() > MAX_LOGGED ? text.substring(0, MAX_LOGGED) + "…" : text;
        return bounded.replaceAll("[^\\x20-\\x7E]", "?");
    }

    private void settle(TokenVerifier.Outcome outcome, String token, HttpRequest<?> request,
                        CompletableFuture<Authentication> authentication) {
        if (outcome instanceof TokenVerifier.Verified verified) {
            Map<String, Object> attributes = new HashMap<>(verified.claims().getClaims());
            attributes.put(CallerBinder.CALLER, verified.caller());
            Authentication known = Authentication.build(verified.caller().subject(),
                    List.copyOf(verified.caller().roles()), attributes);
            validated.remember(token, new ValidatedTokens.Entry(known, verified.keyId(), verified.acceptedUntil()));
            authentication.complete(known);
        } else if (outcome instanceof TokenVerifier.NoKey noKey) {
            LOG.warn("token not checked: no key available (path={})", printable(request.getPath()));
            authentication.completeExceptionally(new IdentityProviderUnavailableException(noKey.retryAfter()));
        } else {
            LOG.info("token refused: {} (path={})", printable(((TokenVerifier.Refused) outcome).reason()),
                    printable(request.getPath()));
            authentication.complete(null);
        }
    }
}
