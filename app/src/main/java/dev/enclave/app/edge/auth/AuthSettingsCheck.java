package dev.enclave.app.edge.auth;

import com.nimbusds.jose.jwk.KeyType;
import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import io.micronaut.core.type.Argument;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;

/** The token settings: the JWKS URL, key type, algorithms of that type, audience claim, token use, timings. */
@Singleton
final class AuthSettingsCheck implements SettingsCheck {

    private static final String ALGORITHMS = "enclave.auth.algorithms";

    @Override
    public List<String> problems(PropertyResolver settings) {
        SettingsProblems problems = new SettingsProblems(settings)
                .url("enclave.auth.jwks-url")
                .readable("enclave.auth.jwks-key-type", TokenRules::keyType)
                .readable("enclave.auth.audience-claim", TokenRules::audienceClaim)
                .readable("enclave.auth.token-use", TokenRules::tokenUse)
                .duration("enclave.auth.clock-skew", Duration.ZERO, Duration.ofMinutes(5))
                .duration("enclave.auth.platform-admin-token-max-age", Duration.ofMinutes(1), Duration.ofHours(24))
                .duration("enclave.auth.jwks-refresh-interval", Duration.ofSeconds(1), Duration.ofDays(1))
                .duration("enclave.auth.jwks-min-fetch-interval", Duration.ofMillis(100), Duration.ofMinutes(5))
                .duration("enclave.auth.jwks-max-staleness", Duration.ZERO, Duration.ofDays(7))
                .readable("enclave.auth.validated-token-cache-size", AuthSettingsCheck::positive);
        if (settings.containsProperty(ALGORITHMS)) {
            checkAlgorithms(settings, problems);
        }
        return problems.list();
    }

    private static void checkAlgorithms(PropertyResolver settings, SettingsProblems problems) {
        List<String> algorithms = settings.getProperty(ALGORITHMS, Argument.listOf(String.class)).orElse(List.of());
        try {
            KeyType keyType = TokenRules.keyType(problems.value("enclave.auth.jwks-key-type").orElse("RSA"));
            TokenRules.algorithms(keyType, algorithms);
        } catch (IllegalArgumentException bad) {
            if (!bad.getMessage().startsWith(TokenRules.UNKNOWN_KEY_TYPE)) {
                problems.add(ALGORITHMS, bad.getMessage());
            }
        }
    }

    private static void positive(String value) {
        try {
            if (Long.parseLong(value) > 0) {
                return;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException("must be a positive whole number, not '" + value + "'");
    }
}
