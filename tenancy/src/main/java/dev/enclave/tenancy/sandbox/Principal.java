package dev.enclave.tenancy.sandbox;

/**
 * The application's own (static) credentials in the sandbox: it may call STS and run platform operations.
 *
 * @param arn the application role ARN, which trust policies name
 */
public record Principal(String accessKeyId, String secretAccessKey, String arn) {

    /** The local run's application principal. DynamoDB Local accepts only letters and digits in key ids. */
    public static Principal localApplication() {
        return new Principal("local", "local", "arn:aws:iam::000000000000:role/enclave-app");
    }
}
