package dev.enclave.app.infra.startup;

import dev.enclave.app.infra.settings.SettingsRefusedException;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.runtime.Micronaut;
import java.util.Optional;

/**
 * Starts Enclave; when the settings are refused, prints the one message that lists them (no stack trace) and exits
 * with status 2. Every other start-up failure is reported as Micronaut does. Once started, SIGTERM drains before it
 * stops ({@link DrainOnSignal}).
 */
public final class Startup extends Micronaut {

    static final int SETTINGS_REFUSED_EXIT = 2;

    /** A start of {@code mainClass} with the command-line {@code args}. */
    public static Micronaut of(Class<?> mainClass, String... args) {
        return new Startup().args(args).mainClass(mainClass);
    }

    @Override
    public ApplicationContext start() {
        ApplicationContext context = super.start();
        if (context.isRunning()) {
            DrainOnSignal.install(context);
        }
        return context;
    }

    @Override
    protected void handleStartupException(Environment environment, Throwable exception) {
        Optional<SettingsRefusedException> refused = refusal(exception);
        if (refused.isPresent() && !environment.getActiveNames().contains(Environment.TEST)) {
            System.err.println(refused.get().getMessage());
            System.exit(SETTINGS_REFUSED_EXIT);
        }
        super.handleStartupException(environment, exception);
    }

    static Optional<SettingsRefusedException> refusal(Throwable exception) {
        for (Throwable t = exception; t != null; t = t.getCause()) {
            if (t instanceof SettingsRefusedException refused) {
                return Optional.of(refused);
            }
        }
        return Optional.empty();
    }
}
