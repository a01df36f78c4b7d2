package dev.enclave.sandbox.sigv4;

import static dev.enclave.sandbox.sigv4.SdkSigned.signed;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.AwsSessionCredentialsIdentity;

/** The verifier against requests signed by the SDK's own SigV4 signer. */
class SigV4VerifierTest {

    private static final String BODY = "{\"TableName\":\"t\",\"Key\":{\"PK\":{\"S\":\"TENANT#acme#ORG\"}}}";
    private static final AwsCredentialsIdentity KEY = AwsCredentialsIdentity.create("AKIDEXAMPLE", "secret/Key+1");

    private final SigV4Verifier dynamoDb = new SigV4Verifier("us-east-1", "dynamodb");

    @Test
    void verify_requestSignedBySdk_isValid() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/", KEY, "dynamodb", "us-east-1", BODY);

        assertThat(verify(request, "secret/Key+1")).isEqualTo(SignatureVerdict.VALID);
    }

    @Test
    void verify_aSignatureMoreThan15MinutesOff_isExpiredOrNotYetCurrent_asAwsRefusesItsReplay() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/", KEY, "dynamodb", "us-east-1", BODY);
        Instant signedAt = SdkSigned.SIGNING_TIME.instant();

        assertThat(dynamoDb.verify(request, authorization(request), "secret/Key+1", signedAt.plusSeconds(14 * 60)))
                .isEqualTo(SignatureVerdict.VALID);
        assertThat(dynamoDb.verify(request, authorization(request), "secret/Key+1", signedAt.plusSeconds(16 * 60)))
                .isEqualTo(SignatureVerdict.EXPIRED);
        assertThat(dynamoDb.verify(request, authorization(request), "secret/Key+1", signedAt.minusSeconds(16 * 60)))
                .isEqualTo(SignatureVerdict.NOT_YET_CURRENT);
        assertThat(dynamoDb.verify(request, authorization(request), "wrong", signedAt.plusSeconds(16 * 60)))
                .as("a wrong secret is a mismatch, whenever").isEqualTo(SignatureVerdict.MISMATCH);
    }

    @Test
    void verify_withSessionToken_isValidAndTokenIsSigned() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/",
                AwsSessionCredentialsIdentity.create("ASIAEXAMPLE0000000A", "s3cr3t", "token+/="), "dynamodb",
                "us-east-1", BODY);

        assertThat(authorization(request).signedHeaders()).contains("x-amz-security-token");
        assertThat(verify(request, "s3cr3t")).isEqualTo(SignatureVerdict.VALID);
    }

    @Test
    void verify_withEncodedPathAndUnsortedQuery_isValid() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/a%20b/c~d/./e?b=2&a=1&a=0&x=%2B%20y&empty=", KEY,
                "dynamodb", "us-east-1", BODY);

        assertThat(verify(request, "secret/Key+1")).isEqualTo(SignatureVerdict.VALID);
    }

    @Test
    void verify_withEmptyBody_isValid() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/", KEY, "dynamodb", "us-east-1", "");

        assertThat(verify(request, "secret/Key+1")).isEqualTo(SignatureVerdict.VALID);
    }

    @Test
    void verify_whenBodyTampered_isMismatch() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/", KEY, "dynamodb", "us-east-1", BODY);
        ReceivedRequest tampered = new ReceivedRequest(request.method(), request.rawPath(), request.rawQuery(),
                request.headers(), BODY.replace("acme", "beta").getBytes(StandardCharsets.UTF_8));

        assertThat(verify(tampered, "secret/Key+1")).isEqualTo(SignatureVerdict.MISMATCH);
    }

    @Test
    void verify_withAnotherSecret_isMismatch() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/", KEY, "dynamodb", "us-east-1", BODY);

        assertThat(verify(request, "secret/Key+2")).isEqualTo(SignatureVerdict.MISMATCH);
    }

    @Test
    void verify_whenSignedHeaderChanged_isMismatch_whenUnsignedHeaderAdded_isValid() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/", KEY, "dynamodb", "us-east-1", BODY);

        assertThat(verify(withHeader(request, "x-amz-target", "DynamoDB_20120810.DeleteItem"), "secret/Key+1"))
                .isEqualTo(SignatureVerdict.MISMATCH);
        assertThat(verify(withHeader(request, "user-agent", "something else"), "secret/Key+1"))
                .isEqualTo(SignatureVerdict.VALID);
    }

    @Test
    void verify_whenQueryChanged_isMismatch() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/?a=1", KEY, "dynamodb", "us-east-1", BODY);
        ReceivedRequest changed = new ReceivedRequest(request.method(), request.rawPath(), "a=2", request.headers(),
                request.body());

        assertThat(verify(changed, "secret/Key+1")).isEqualTo(SignatureVerdict.MISMATCH);
    }

    @Test
    void verify_whenScopedToAnotherServiceOrRegion_isRefusedForThat() {
        assertThat(verify(signed("http://127.0.0.1:8000/", KEY, "sts", "us-east-1", BODY), "secret/Key+1"))
                .isEqualTo(SignatureVerdict.WRONG_SERVICE);
        assertThat(verify(signed("http://127.0.0.1:8000/", KEY, "dynamodb", "eu-west-1", BODY), "secret/Key+1"))
                .isEqualTo(SignatureVerdict.WRONG_REGION);
    }

    @Test
    void verify_whenDeclaredPayloadHashIsNotTheBodys_isMismatch() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/", KEY, "dynamodb", "us-east-1", BODY);

        assertThat(verify(withHeader(request, "x-amz-content-sha256", "UNSIGNED-PAYLOAD"), "secret/Key+1"))
                .isEqualTo(SignatureVerdict.MISMATCH);
    }

    @Test
    void verify_whenHostNotSignedOrDateMissing_isRefusedForThat() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/", KEY, "dynamodb", "us-east-1", BODY);
        SigV4Authorization signed = authorization(request);
        SigV4Authorization withoutHost = new SigV4Authorization(signed.accessKeyId(), signed.date(), signed.region(),
                signed.service(), signed.signedHeaders().stream().filter(h -> !h.equals("host")).toList(),
                signed.signature());
        Map<String, List<String>> headers = new HashMap<>(request.headers());
        headers.remove("x-amz-date");

        Instant now = SdkSigned.SIGNING_TIME.instant();
        assertThat(dynamoDb.verify(request, withoutHost, "secret/Key+1", now))
                .isEqualTo(SignatureVerdict.HOST_NOT_SIGNED);
        assertThat(dynamoDb.verify(new ReceivedRequest("POST", "/", "", headers, request.body()), signed,
                "secret/Key+1", now)).isEqualTo(SignatureVerdict.NO_DATE);
    }

    @Test
    void parse_readsTheSdksHeader_andRefusesIncompleteOnes() {
        ReceivedRequest request = signed("http://127.0.0.1:8000/", KEY, "dynamodb", "us-east-1", BODY);

        SigV4Authorization parsed = authorization(request);

        assertThat(parsed.accessKeyId()).isEqualTo("AKIDEXAMPLE");
        assertThat(parsed.scope()).isEqualTo("20261122/us-east-1/dynamodb/aws4_request");
        assertThat(parsed.signedHeaders()).contains("host", "x-amz-date", "x-amz-target");
        assertThat(SigV4Authorization.parse(
                "AWS4-HMAC-SHA256 Credential=AKID/20261122/us-east-1/dynamodb/aws4_request"))
                .isEmpty();
        assertThat(SigV4Authorization.parse("Bearer abc")).isEmpty();
        assertThat(SigV4Authorization.parse("AWS4-HMAC-SHA256 Credential=AKID/2026/us-east-1/dynamodb/aws4_request, "
                + "SignedHeaders=host, Signature=" + "0".repeat(64))).isEmpty();
    }

    private SignatureVerdict verify(ReceivedRequest request, String secret) {
        return dynamoDb.verify(request, authorization(request), secret, SdkSigned.SIGNING_TIME.instant());
    }

    private static SigV4Authorization authorization(ReceivedRequest request) {
        return SigV4Authorization.parse(request.header("authorization").orElseThrow()).orElseThrow();
    }

    private static ReceivedRequest withHeader(ReceivedRequest request, String name, String value) {
        Map<String, List<String>> headers = new HashMap<>(request.headers());
        headers.put(name, List.of(value));
        return new ReceivedRequest(request.method(), request.rawPath(), request.rawQuery(), headers, request.body());
    }
}
