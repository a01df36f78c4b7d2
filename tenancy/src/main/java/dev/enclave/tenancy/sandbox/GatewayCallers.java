package dev.enclave.tenancy.sandbox;

import java.time.Instant;
import java.util.Optional;

/**
 * Who is calling the DynamoDB gateway, decided like DynamoDB decides it: an unknown access key id or a session token
 * that does not match is {@code UnrecognizedClientException}, an expired session {@code ExpiredTokenException}, a
 * signature that does not verify with the key's secret {@code InvalidSignatureException}.
 */
final class GatewayCallers {

    /** The outcome: the platform, an assumed-role session, or the error DynamoDB answers. */
    sealed interface Outcome permits Platform, AssumedRole, Refused {
    }

    /** The application principal: platform operations, no policy checks. */
    record Platform() implements Outcome {
    }

    record AssumedRole(Session session) implements Outcome {
    }

    record Refused(DynamoDbError error) implements Outcome {
    }

    private final Principal application;
    private final Sessions sessions;
    private final SigV4Verifier verifier;

    GatewayCallers(Principal application, Sessions sessions, SigV4Verifier verifier) {
        this.application = application;
        this.sessions = sessions;
        this.verifier = verifier;
    }

    Outcome authenticate(ReceivedRequest request, Instant now) {
        Optional<String> header = request.header("authorization");
        if (header.isEmpty()) {
            return new Refused(DynamoDbError.missingAuthentication());
        }
        Optional<SigV4Authorization> authorization = SigV4Authorization.parse(header.get());
        if (authorization.isEmpty()) {
            return new Refused(DynamoDbError.incompleteSignature());
        }
        String accessKeyId = authorization.get().accessKeyId();
        if (accessKeyId.equals(application.accessKeyId())) {
            return verified(request, authorization.get(), application.secretAccessKey(), new Platform());
        }
        Optional<Session> session = sessions.find(accessKeyId);
        if (session.isEmpty()
                || !request.header("x-amz-security-token").equals(Optional.of(session.get().sessionToken()))) {
            return new Refused(DynamoDbError.unrecognizedClient());
        }
        if (session.get().expiredAt(now)) {
            return new Refused(DynamoDbError.expiredToken());
        }
        return verified(request, authorization.get(), session.get().secretAccessKey(), new AssumedRole(session.get()));
    }

    private Outcome verified(ReceivedRequest request, SigV4Authorization authorization, String secret,
                             Outcome caller) {
        SignatureVerdict verdict = verifier.verify(request, authorization, secret);
        return verdict.valid() ? caller : new Refused(DynamoDbError.invalidSignature(verdict));
    }
}
