package dev.enclave.app.local;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.bind.annotation.Bindable;
import java.nio.file.Path;

/** Settings of the local stack ({@code enclave.local.*}). */
@ConfigurationProperties("enclave.local")
@Requires(env = "local")
public interface LocalSettings {

    /** Where the local stack keeps its database and signing key. */
    @Bindable(defaultValue = ".enclave/data")
    Path getDataDir();
}
