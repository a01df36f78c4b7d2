package dev.enclave.tenancy.sandbox;

import java.time.Instant;
import java.util.Optional;

/**
 * Who is calling the local STS, decided like STS decides it: the SigV4 signature must verify with the secret of the
 * access key id — the application principal's, or that of credentials the local STS issued (then the session token
 * must match and the session must not have expired).
 */
final class StsCallers {

    /** The outcome: a known caller, or the error STS answers. */
    sealed interface Outcome permits Caller, Refused {
    }

    /** An authenticated caller; {@code arn} is what trust and error messages name. */
    record Caller(String arn, String accessKeyId) implements Outcome {
    }

    record Refused(StsError error) implements Outcome {
    }

    private final Principal application;
    private final Sessions sessions;
    private final SigV4Verifier verifier;

    StsCallers(Principal application, Sessions sessions, SigV4Verifier verifier) {
        this.application = application;
        this.sessions = sessions;
        this.verifier = verifier;
    }

    Outcome authenticate(ReceivedRequest request, Instant now) {
        Optional<String> header = request.header("authorization");
        if (header.isEmpty()) {
            return new Refused(StsError.missingAuthentication());
        }
        Optional<SigV4Authorization> authorization = SigV4Authorization.parse(header.get());
        if (authorization.isEmpty()) {
            return new Refused(StsError.incompleteSignature());
        }
        String accessKeyId = authorization.get().accessKeyId();
        if (accessKeyId.equals(application.accessKeyId())) {
            return verified(request, authorization.get(), application.secretAccessKey(),
                    new Caller(application.arn(), accessKeyId));
        }
        Optional<Session> session = sessions.find(accessKeyId);
        if (session.isEmpty() || !request.header("x-amz-security-token").equals(Optional.of(
                session.get().sessionToken()))) {
            return new Refused(StsError.invalidClientTokenId());
        }
        if (session.get().expiredAt(now)) {
            return new Refused(StsError.expiredToken());
        }
        return verified(request, authorization.get(), session.get().secretAccessKey(),
                new Caller(session.get().assumedRoleArn(), accessKeyId));
    }

    private Outcome verified(ReceivedRequest request, SigV4Authorization authorization, String secret,
                             Caller caller) {
        SignatureVerdict verdict = verifier.verify(request, authorization, secret);
        return verdict.valid() ? caller : new Refused(StsError.signatureDoesNotMatch(verdict));
    }
}
