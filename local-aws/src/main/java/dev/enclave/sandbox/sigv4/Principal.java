package dev.enclave.sandbox.sigv4;

import java.util.Objects;
import java.util.regex.Pattern;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/**
 * The application's own long-term credentials in the sandbox: it may call STS and, at the DynamoDB gateway, run
 * platform operations (table bootstrap and the like) without policy checks.
 *
 * @param accessKeyId     letters and digits only: DynamoDB Local refuses anything else
 * @param secretAccessKey the secret requests are signed with
 * @param arn             the principal's ARN, which role trust names
 */
public record Principal(String accessKeyId, String secretAccessKey, String arn) {

    private static final Pattern ACCESS_KEY_ID = Pattern.compile("[A-Za-z0-9]{1,128}");

    public Principal {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(secretAccessKey, "secretAccessKey");
        Objects.requireNonNull(arn, "arn");
        if (!ACCESS_KEY_ID.matcher(accessKeyId).matches()) {
            throw new IllegalArgumentException("access key id must be 1-128 letters and digits: " + accessKeyId);
        }
        if (accessKeyId.startsWith("ASIA")) {
            throw new IllegalArgumentException("ASIA… access key ids are reserved for temporary credentials");
        }
        if (secretAccessKey.isEmpty()) {
            throw new IllegalArgumentException("secret access key must not be empty");
        }
    }

    /** The local run's application principal. */
    public static Principal localApplication() {
        return new Principal("local", "local", "arn:aws:iam::000000000000:role/enclave-app");
    }

    /** These credentials for an SDK client. */
    public AwsCredentialsProvider credentialsProvider() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKeyId, secretAccessKey));
    }

    @Override
    public String toString() {
        return "Principal[accessKeyId=" + accessKeyId + ", arn=" + arn + "]";
    }
}
