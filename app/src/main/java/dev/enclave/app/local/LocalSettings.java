package dev.enclave.app.local;

import dev.enclave.sandbox.SandboxSettings;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.bind.annotation.Bindable;
import java.nio.file.Path;

/**
 * Settings of the local stack ({@code enclave.local.*}). {@link LocalLauncher} reads them before the application
 * starts (a system property, else the environment variable), since they shape the sandbox it starts first.
 */
@ConfigurationProperties("enclave.local")
@Requires(env = "local")
public interface LocalSettings {

    String DATA_DIR = "enclave.local.data-dir";
    String DEFAULT_DATA_DIR = ".enclave/data";
    String DYNAMODB_PORT = "enclave.local.dynamodb-port";
    String STS_PORT = "enclave.local.sts-port";
    /** How far the sandbox's index reads lag behind the table ({@code 300ms}); none when not set. */
    String INDEX_LAG = SandboxSettings.INDEX_LAG_PROPERTY;
    /** How long transactions hold their items, conflicting as DynamoDB's do ({@code 20ms}); none when not set. */
    String TRANSACTION_CONFLICTS = SandboxSettings.TRANSACTION_CONFLICTS_PROPERTY;

    /** Where the local stack keeps its database and signing key. */
    @Bindable(defaultValue = DEFAULT_DATA_DIR)
    Path getDataDir();

    /** The port of the local DynamoDB endpoint every client uses (the enforcing gateway); 0 for a free one. */
    @Bindable(defaultValue = "0")
    int getDynamodbPort();

    /** The port of the local STS; 0 for a free one. */
    @Bindable(defaultValue = "0")
    int getStsPort();

    /** The port of the local SMTP server the local run's mail goes to; 0 for a free one. */
    @Bindable(defaultValue = "0")
    int getSmtpPort();
}
