package dev.enclave.sandbox.sigv4;

import static dev.enclave.sandbox.sigv4.SdkSigned.signed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.sandbox.sigv4.SigV4Callers.Application;
import dev.enclave.sandbox.sigv4.SigV4Callers.BadSignature;
import dev.enclave.sandbox.sigv4.SigV4Callers.Outcome;
import dev.enclave.sandbox.sigv4.SigV4Callers.Refusal;
import dev.enclave.sandbox.sigv4.SigV4Callers.Refused;
import dev.enclave.sandbox.sigv4.SigV4Callers.Temporary;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.AwsSessionCredentialsIdentity;

/** Who signed a request: the application, issued temporary credentials, or a refusal in AWS's terms. */
class SigV4CallersTest {

    private static final String URI = "http://127.0.0.1:8000/";
    private static final Instant NOW = Instant.parse("2026-11-22T18:00:00Z");
    private static final Principal APPLICATION = new Principal("APPKEY", "app-secret",
            "arn:aws:iam::000000000000:role/app");
    private static final Issued ISSUED = new Issued("ASIAISSUED00000000A", "issued-secret", "issued-token",
            NOW.plusSeconds(900));

    private final SigV4Callers<Issued> callers = new SigV4Callers<>(APPLICATION,
            key -> key.equals(ISSUED.accessKeyId()) ? Optional.of(ISSUED) : Optional.empty(), "us-east-1", "dynamodb",
            SdkSigned.SIGNING_TIME);

    /** Temporary credentials as the sandbox would have issued them. */
    record Issued(String accessKeyId, String secretAccessKey, String sessionToken, Instant expiration)
            implements TemporaryCredentials {

        @Override
        public boolean expiredAt(Instant now) {
            return !now.isBefore(expiration);
        }
    }

    @Test
    void authenticate_applicationKeySignedWithItsSecret_isTheApplication() {
        Outcome<Issued> outcome = callers.authenticate(signedBy(application("app-secret")), NOW);

        assertThat(outcome).isEqualTo(new Application<Issued>(APPLICATION));
    }

    @Test
    void authenticate_issuedKeyWithItsToken_isThoseCredentials() {
        Outcome<Issued> outcome = callers.authenticate(signedBy(issued("issued-secret", "issued-token")), NOW);

        assertThat(outcome).isEqualTo(new Temporary<>(ISSUED));
    }

    @Test
    void authenticate_withoutAuthorization_isMissingAuthentication() {
        ReceivedRequest unsigned = new ReceivedRequest("POST", "/", "", Map.of(), new byte[0]);

        assertThat(callers.authenticate(unsigned, NOW)).isEqualTo(new Refused<Issued>(Refusal.MISSING_AUTHENTICATION));
    }

    @Test
    void authenticate_withAnAuthorizationThatIsNotSigV4_isIncompleteSignature() {
        ReceivedRequest bearer = new ReceivedRequest("POST", "/", "", Map.of("Authorization", List.of("Bearer x")),
                new byte[0]);

        assertThat(callers.authenticate(bearer, NOW)).isEqualTo(new Refused<Issued>(Refusal.INCOMPLETE_SIGNATURE));
    }

    @Test
    void authenticate_unknownKey_isUnrecognizedClient() {
        ReceivedRequest request = signedBy(AwsCredentialsIdentity.create("AKIDUNKNOWN", "whatever"));

        assertThat(callers.authenticate(request, NOW)).isEqualTo(new Refused<Issued>(Refusal.UNRECOGNIZED_CLIENT));
    }

    @Test
    void authenticate_issuedKeyWithAnotherToken_isUnrecognizedClient() {
        ReceivedRequest request = signedBy(issued("issued-secret", "someone-elses-token"));

        assertThat(callers.authenticate(request, NOW)).isEqualTo(new Refused<Issued>(Refusal.UNRECOGNIZED_CLIENT));
    }

    @Test
    void authenticate_issuedKeyAtItsExpiry_isExpiredToken() {
        ReceivedRequest request = signedBy(issued("issued-secret", "issued-token"));

        assertThat(callers.authenticate(request, ISSUED.expiration()))
                .isEqualTo(new Refused<Issued>(Refusal.EXPIRED_TOKEN));
    }

    @Test
    void authenticate_knownKeySignedWithAnotherSecret_isBadSignature() {
        assertThat(callers.authenticate(signedBy(application("not-the-secret")), NOW))
                .isEqualTo(new BadSignature<Issued>(SignatureVerdict.MISMATCH));
        assertThat(callers.authenticate(signedBy(issued("not-the-secret", "issued-token")), NOW))
                .isEqualTo(new BadSignature<Issued>(SignatureVerdict.MISMATCH));
    }

    @Test
    void authenticate_signedForAnotherService_isBadSignature() {
        ReceivedRequest request = signed(URI, application("app-secret"), "sts", "us-east-1", "{}");

        assertThat(callers.authenticate(request, NOW))
                .isEqualTo(new BadSignature<Issued>(SignatureVerdict.WRONG_SERVICE));
    }

    private static AwsCredentialsIdentity application(String secret) {
        return AwsCredentialsIdentity.create(APPLICATION.accessKeyId(), secret);
    }

    private static AwsSessionCredentialsIdentity issued(String secret, String token) {
        return AwsSessionCredentialsIdentity.create(ISSUED.accessKeyId(), secret, token);
    }

    private static ReceivedRequest signedBy(AwsCredentialsIdentity identity) {
        return signed(URI, identity, "dynamodb", "us-east-1", "{}");
    }
}
