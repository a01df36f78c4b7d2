package dev.enclave.app.infra.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.infra.startup.StartupSettings;
import dev.enclave.iam.infra.ServiceTemplate;
import io.micronaut.core.convert.ConversionService;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The service template against the application it runs: the task gives every setting the start-up check requires
 * (as a variable or a secret), sets only documented settings, and lets a drain finish before ECS kills it.
 */
class ServiceTemplateSettingsTest {

    private static final JsonNode CONTAINER = ServiceTemplate.render()
            .at("/Resources/TaskDefinition/Properties/ContainerDefinitions/0");

    @Test
    void task_givesEveryRequiredSetting() {
        List<String> given = given();

        assertThat(StartupSettings.REQUIRED.stream().map(SettingsProblems::environmentVariable))
                .allSatisfy(variable -> assertThat(given).as("the task's environment and secrets").contains(variable));
    }

    @Test
    void task_setsOnlyDocumentedSettings() throws IOException {
        List<String> documented = ConfigurationDocumentTest.rows().keySet().stream()
                .map(SettingsProblems::environmentVariable).toList();

        assertThat(given()).allSatisfy(variable -> assertThat(documented).as("docs/configuration.md")
                .contains(variable));
    }

    @Test
    void stopTimeout_outlastsTheReadinessDelayAndTheGracePeriod() throws IOException {
        Map<String, Optional<String>> code = ConfigurationDocumentTest.settingsInCode();
        Duration drain = duration(code.get("enclave.shutdown.readiness-delay"))
                .plus(duration(code.get("enclave.shutdown.grace-period")));

        assertThat(Duration.ofSeconds(CONTAINER.get("StopTimeout").asInt())).isGreaterThan(drain);
    }

    /** Every variable the task may get, as a secret or in its environment, whatever its parameters. */
    private static List<String> given() {
        List<String> given = new ArrayList<>();
        CONTAINER.get("Secrets").forEach(secret -> given.add(name(secret)));
        CONTAINER.get("Environment").forEach(variable -> given.add(name(variable)));
        return given;
    }

    /** The variable's name, also where a condition ({@code Fn::If}, else nothing) decides whether it is set. */
    private static String name(JsonNode variable) {
        return variable.has("Fn::If") ? variable.at("/Fn::If/1/Name").asText() : variable.get("Name").asText();
    }

    private static Duration duration(Optional<String> setting) {
        return ConversionService.SHARED.convert(setting.orElseThrow(), Duration.class).orElseThrow();
    }
}
