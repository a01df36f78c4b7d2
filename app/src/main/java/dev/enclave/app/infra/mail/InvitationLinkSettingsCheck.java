package dev.enclave.app.infra.mail;

import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import io.micronaut.context.env.Environment;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;

/** The accept-link template, when set, is one ({@link AcceptLinkTemplate}), and an https one outside the local run. */
@Singleton
final class InvitationLinkSettingsCheck implements SettingsCheck {

    private final boolean local;

    @Inject
    InvitationLinkSettingsCheck(Environment environment) {
        this(environment.getActiveNames().contains("local"));
    }

    InvitationLinkSettingsCheck(boolean local) {
        this.local = local;
    }

    @Override
    public List<String> problems(PropertyResolver settings) {
        return new SettingsProblems(settings)
                .readable(InvitationLinkSettings.ACCEPT_LINK_TEMPLATE, this::check)
                .list();
    }

    private void check(String value) {
        if (!new AcceptLinkTemplate(value).secure() && !local) {
            throw new IllegalArgumentException("must be an https URL (plain http only in the local run), not '"
                    + value + "'");
        }
    }
}
