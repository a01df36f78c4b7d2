package dev.enclave.sandbox.sigv4;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/** Requests signed by the SDK's own SigV4 signer, as the sandbox's servers receive them. */
final class SdkSigned {

    static final Clock SIGNING_TIME = Clock.fixed(Instant.parse("2026-11-22T18:00:00Z"), ZoneOffset.UTC);

    private SdkSigned() {
    }

    /** Signs like the SDK does for a DynamoDB call and turns the result into what the server receives. */
    static ReceivedRequest signed(String uri, AwsCredentialsIdentity identity, String service, String region,
                                  String body) {
        SdkHttpRequest unsigned = SdkHttpRequest.builder().method(SdkHttpMethod.POST).uri(URI.create(uri))
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .putHeader("X-Amz-Target", "DynamoDB_20120810.GetItem")
                .putHeader("User-Agent", "aws-sdk-java/2")
                .build();
        SdkHttpRequest signed = AwsV4HttpSigner.create().sign(r -> r.identity(identity).request(unsigned)
                .payload(ContentStreamProvider.fromUtf8String(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, service)
                .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                .putProperty(HttpSigner.SIGNING_CLOCK, SIGNING_TIME)).request();
        return new ReceivedRequest(signed.method().name(), signed.encodedPath(),
                signed.encodedQueryParameters().orElse(""), signed.headers(), body.getBytes(StandardCharsets.UTF_8));
    }
}
