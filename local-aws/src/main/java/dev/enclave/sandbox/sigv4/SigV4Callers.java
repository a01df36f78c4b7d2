package dev.enclave.sandbox.sigv4;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * Who signed a request, decided the way AWS services decide it: the application principal's access key, or
 * temporary credentials whose session token came with the request and that have not expired — either way the SigV4
 * signature must verify with the key's secret. Each service words the refusals its own way.
 *
 * @param <S> the temporary credentials the sandbox issued
 */
public final class SigV4Callers<S extends TemporaryCredentials> {

    /** The outcome: the application principal, temporary credentials, or why the caller is refused. */
    public sealed interface Outcome<S> permits Application, Temporary, Refused, BadSignature {
    }

    /** The application principal. */
    public record Application<S>(Principal principal) implements Outcome<S> {
    }

    /** Temporary credentials the sandbox issued. */
    public record Temporary<S>(S credentials) implements Outcome<S> {
    }

    /** Refused before the signature is checked. */
    public record Refused<S>(Refusal refusal) implements Outcome<S> {
    }

    /** A known, current key whose signature does not verify. */
    public record BadSignature<S>(SignatureVerdict verdict) implements Outcome<S> {
    }

    /** Why a caller is refused before its signature is checked. */
    public enum Refusal {
        /** No {@code Authorization} header. */
        MISSING_AUTHENTICATION,
        /** An {@code Authorization} header that is not a complete SigV4 one. */
        INCOMPLETE_SIGNATURE,
        /** An access key id nobody issued, or a session token that is not the key's. */
        UNRECOGNIZED_CLIENT,
        /** Temporary credentials past their expiry. */
        EXPIRED_TOKEN
    }

    private final Principal application;
    private final Function<String, Optional<S>> temporaryCredentials;
    private final SigV4Verifier verifier;
    private final Clock signatures;

    /**
     * @param temporaryCredentials the temporary credentials issued for an access key id, if any
     * @param region               the region requests must be signed for
     * @param service              the service requests must be signed for ({@code sts}, {@code dynamodb})
     */
    public SigV4Callers(Principal application, Function<String, Optional<S>> temporaryCredentials, String region,
                        String service) {
        this(application, temporaryCredentials, region, service, Clock.systemUTC());
    }

    /**
     * As above, with the clock a signature's time is held to: the machine's, as the SDK signs with it, whatever
     * clock the sandbox judges credentials' expiry on (tests move that one).
     */
    SigV4Callers(Principal application, Function<String, Optional<S>> temporaryCredentials, String region,
                 String service, Clock signatures) {
        this.application = application;
        this.temporaryCredentials = temporaryCredentials;
        this.signatures = signatures;
        this.verifier = new SigV4Verifier(region, service);
    }

    /** Who signed {@code request}, with {@code now} deciding whether temporary credentials have expired. */
    public Outcome<S> authenticate(ReceivedRequest request, Instant now) {
        Optional<String> header = request.header("authorization");
        if (header.isEmpty()) {
            return new Refused<>(Refusal.MISSING_AUTHENTICATION);
        }
        Optional<SigV4Authorization> authorization = SigV4Authorization.parse(header.get());
        if (authorization.isEmpty()) {
            return new Refused<>(Refusal.INCOMPLETE_SIGNATURE);
        }
        String accessKeyId = authorization.get().accessKeyId();
        if (accessKeyId.equals(application.accessKeyId())) {
            return verified(request, authorization.get(), application.secretAccessKey(),
                    new Application<>(application));
        }
        Optional<S> credentials = temporaryCredentials.apply(accessKeyId);
        if (credentials.isEmpty()
                || !request.header("x-amz-security-token").equals(Optional.of(credentials.get().sessionToken()))) {
            return new Refused<>(Refusal.UNRECOGNIZED_CLIENT);
        }
        if (credentials.get().expiredAt(now)) {
            return new Refused<>(Refusal.EXPIRED_TOKEN);
        }
        return verified(request, authorization.get(), credentials.get().secretAccessKey(),
                new Temporary<>(credentials.get()));
    }

    private Outcome<S> verified(ReceivedRequest request, SigV4Authorization authorization, String secret,
                                Outcome<S> caller) {
        SignatureVerdict verdict = verifier.verify(request, authorization, secret, signatures.instant());
        return verdict.valid() ? caller : new BadSignature<>(verdict);
    }
}
