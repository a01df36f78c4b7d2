package dev.enclave.app.infra.settings;

import io.micronaut.core.value.PropertyResolver;
import java.util.List;

/**
 * One area's check of its settings before anything starts; each problem is one line naming the setting, its
 * environment variable and what it accepts (see {@link SettingsProblems}).
 */
public interface SettingsCheck {

    List<String> problems(PropertyResolver settings);
}
