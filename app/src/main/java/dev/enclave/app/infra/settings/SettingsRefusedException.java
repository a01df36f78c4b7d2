package dev.enclave.app.infra.settings;

import io.micronaut.context.exceptions.ConfigurationException;
import java.util.List;

/** The settings Enclave was given cannot work; the message lists every problem, one per line. */
public final class SettingsRefusedException extends ConfigurationException {

    public SettingsRefusedException(List<String> problems) {
        super("Enclave cannot start: " + problems.size() + " setting(s) to fix\n  - " + String.join("\n  - ", problems)
                + "\nSet them (settings or environment variables), or run the local stack (enclave-local.jar), "
                + "which defaults everything.");
    }
}
