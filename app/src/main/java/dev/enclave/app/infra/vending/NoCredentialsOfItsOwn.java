package dev.enclave.app.infra.vending;

import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;

/** The tenant-traffic client's own credentials: none. A request that did not bring a scope's credentials fails. */
enum NoCredentialsOfItsOwn implements AwsCredentialsProvider {
    INSTANCE;

    @Override
    public AwsCredentials resolveCredentials() {
        throw SdkClientException.create("tenant-traffic client used without a tenant scope's credentials");
    }
}
